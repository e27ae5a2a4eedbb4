import { PUBLIC } from '../auth/access';
import { Router } from 'express';
import type { Knex } from '@app/db';
import type { AppConfig } from '../config';
import { readEnabledFeatures, readSystemSettingFlags } from '../modules/settings/read-system-settings.service';
import { SERVICE_USER_NUMBERS } from '../rules';
import { restRoute } from './rest-route';

/** GET /api/v2/config: what the browser apps need to boot. Public by design, so never a secret here. */
export function configRoute(db: Knex, config: AppConfig): Router {
  const router = Router();
  restRoute(router, 'get', '/config', PUBLIC, async (_req, res) => {
    const [systemSettings, enabledFeatures] = await Promise.all([readSystemSettingFlags(db), readEnabledFeatures(db)]);
    res.set('Cache-Control', 'no-store').json({
      baseUrl: config.baseUrl,
      backendUrl: config.backendUrl,
      notifyUrl: config.notifyUrl,
      backofficeLoginStrategies: config.backofficeLoginStrategies.filter((strategy) => strategy !== 'google' || config.google),
      serviceUserNumbers: [...SERVICE_USER_NUMBERS],
      systemSettings,
      publicKeys: {
        cardProvider: config.cardProviderPublicKey,
        // The sign-in client id is handed to the browser in development only (specification §3).
        googleClientId: config.env === 'production' ? null : config.googleClientId,
      },
      siteName: config.siteName,
      phone: config.phone,
      enabledFeatures,
      maintenanceMessage: config.maintenanceMessage,
      trackerIds: config.trackerIds,
      production: config.env === 'production',
    });
  });
  return router;
}
