import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The auth state of the page (spec §2): whether the login dialog is open, and where to go after sign-in. */
export type AuthState = {
  isOpen: boolean;
  returnTo: string | undefined;
  open: (returnTo?: string) => void;
  close: () => void;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [returnTo, setReturnTo] = useState<string | undefined>(undefined);
  const open = useCallback((target?: string) => {
    setReturnTo(target);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, returnTo, open, close }), [isOpen, returnTo, open, close]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
