import { loadApiConfig } from '../config-check.ts';

/** The message with which `loadApiConfig` refuses `env`: the configuration suites assert that it names the variable. */
export function configFailure(env: NodeJS.ProcessEnv): string {
  try {
    loadApiConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}
