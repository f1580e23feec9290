import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { LoginForm } from '../../features/auth/LoginForm.tsx';

/**
 * What a guarded page shows an anonymous visitor (status 401): with JavaScript the login dialog opens at
 * once (and a button reopens it); without, the sign-in form is right here on the page. Either way the
 * visitor lands on the page they wanted after signing in.
 */
export function SignInRequired() {
  const t = useT();
  const auth = useAuth();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const [hydrated, setHydrated] = useState(false);
  const { open } = auth;
  useEffect(() => {
    setHydrated(true);
    open(returnTo);
  }, [open, returnTo]);
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>{t('auth.page.heading')}</PageHeading>
      <p className="mb-4">{t('auth.required')}</p>
      {hydrated ? (
        <Button type="button" size="md" onClick={() => auth.open(returnTo)}>
          {t('auth.verify')}
        </Button>
      ) : (
        <LoginForm returnTo={returnTo} />
      )}
    </div>
  );
}
