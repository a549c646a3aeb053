/**
 * `npm run oauth`: the editors' sign-in exchange (features/cms/signIn/) as a small
 * server beside nginx, which proxies the site's /oauth/ to it, on
 * 127.0.0.1:8787 unless OAUTH_HOST and OAUTH_PORT say otherwise
 * (docs/deploy.md, "Sign-in for editors"). Its settings come from the
 * environment (features/site/settings.ts, oauthSettingsFromEnv): a wrong or
 * missing one stops it at once, naming each variable, never a secret's
 * value. Runs until SIGINT or SIGTERM, as a systemd service would stop it.
 */
import { startExchangeServer } from '../features/cms/signIn/server.node';
import { OAUTH_PATH, OAUTH_PROVIDERS } from '../features/cms/backends';
import { exchangeEnvironment, oauthListenFromEnv, oauthSettingsFromEnv } from '../features/cms/signIn/settings.node';
import { exitWith } from '../system/processes';

async function main(): Promise<number> {
  const settings = oauthSettingsFromEnv(exchangeEnvironment());
  const where = oauthListenFromEnv(exchangeEnvironment());
  const errors = [...('errors' in settings ? settings.errors : []), ...('errors' in where ? where.errors : [])];
  if ('errors' in settings || 'errors' in where) {
    console.error(`The sign-in exchange is not configured (docs/configuration.md, "The sign-in exchange"):\n${errors.map((error) => `  - ${error}`).join('\n')}`);
    return 1;
  }
  const running = await startExchangeServer(settings, where);
  const providers = OAUTH_PROVIDERS.filter((provider) => settings[provider]).join(' and ');
  console.log(`Sign-in exchange (${providers}) at ${running.url}${OAUTH_PATH}, public at ${settings.origin}${OAUTH_PATH}; tokens go to ${settings.cmsOrigin} only.`);
  return new Promise<number>((resolve) => {
    const stop = () => void running.close().then(() => resolve(0));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  });
}

exitWith(main());
