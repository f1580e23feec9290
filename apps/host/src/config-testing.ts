import { loadConfig } from './config.ts';

/** The message with which `loadConfig` refuses `env`: the configuration suites assert that it names the variable. */
export function configFailure(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}
