export * from './errors.ts';
export * from './settings.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './travellers.ts';
export * from './orders.ts';
