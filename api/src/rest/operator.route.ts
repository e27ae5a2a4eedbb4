import { Router } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { backoffice } from '../auth/access';
import { checkGroupAccess } from '../auth/group-membership';
import { DomainError } from '../errors/domain-error';
import { listExternalServices, listProcesses, listRenders, patchEntityConfiguration, readEntityConfiguration, requestProcessStop, schedulerState, setScheduler, triggerBilling, uploadBrandLogo, upsertExternalService } from '../modules/operator';
import { UPLOAD_LIMITS } from '../rules';
import { currentUser, restRoute } from './rest-route';
import { rawBody, uploadedFile } from './upload-request';

/** The System area's operator endpoints: system WRITE for all; every non-GET is audited by its service. */
export function operatorRoute(db: Knex, boss: PgBoss): Router {
  const router = Router();
  const system = backoffice('systemLogs', 'WRITE');
  const caller = (res: Parameters<typeof currentUser>[0]) => ({ db, boss, userId: currentUser(res)!.id });
  restRoute(router, 'post', '/admin/trigger-billing', system, async (_req, res) => {
    res.json(await triggerBilling(caller(res)));
  });
  restRoute(router, 'get', '/admin/log-processes', system, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ processes: await listProcesses(db) });
  });
  // GET shows the state, or with ?action=pause|resume acts (the specification's GET form).
  restRoute(router, 'get', '/admin/kill-scheduler', system, async (req, res) => {
    const action = req.query.action;
    res.set('Cache-Control', 'no-store').json(action === undefined ? await schedulerState({ db, boss }) : await setScheduler(caller(res), action));
  });
  restRoute(router, 'post', '/admin/kill-scheduler', system, async (req, res) => {
    res.json(await setScheduler(caller(res), (req.body as { action?: unknown } | undefined)?.action));
  });
  restRoute(router, 'post', '/admin/kill-server', system, async (req, res) => {
    res.status(202).json(await requestProcessStop(caller(res), (req.body as { id?: unknown } | undefined)?.id));
  });
  restRoute(router, 'post', '/admin/upsert-external-service', system, async (req, res) => {
    res.json(await upsertExternalService(caller(res), (req.body ?? {}) as Record<string, unknown>));
  });
  restRoute(router, 'get', '/admin/external-services', system, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ services: await listExternalServices(db) });
  });
  restRoute(router, 'get', '/admin/chrome-sessions', system, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ renders: await listRenders(db) });
  });
  // A group's configuration is read and changed only by staff who work for that group; another's is not found.
  const ownGroup = async (res: Parameters<typeof currentUser>[0], id: string) => {
    if (/^\d{1,9}$/.test(id) && (await checkGroupAccess(db, currentUser(res)!, Number(id))) === 'forbidden') throw new DomainError('NOT_FOUND', `No group ${id}`);
    return id;
  };
  restRoute(router, 'get', '/admin/entity-configuration/:id', system, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await readEntityConfiguration(db, await ownGroup(res, String(req.params.id))));
  });
  restRoute(router, 'patch', '/admin/entity-configuration/:id', system, async (req, res) => {
    res.json(await patchEntityConfiguration(caller(res), await ownGroup(res, String(req.params.id)), (req.body ?? {}) as Record<string, unknown>));
  });
  // The group's logo: the image as the body (its name in X-File-Name); it is shown from GET /brand/{groupId}/logo.
  router.post('/admin/entity-configuration/:id/logo', rawBody(UPLOAD_LIMITS.ENTITY_CONFIGURATION_ASSET!.maxBytes));
  restRoute(router, 'post', '/admin/entity-configuration/:id/logo', system, async (req, res) => {
    res.status(201).json(await uploadBrandLogo(caller(res), await ownGroup(res, String(req.params.id)), uploadedFile(req)));
  });
  // The specification names these as GETs too: the same actions (still audited), for links in the System area.
  restRoute(router, 'get', '/admin/trigger-billing', system, async (_req, res) => {
    res.json(await triggerBilling(caller(res)));
  });
  restRoute(router, 'get', '/admin/kill-server', system, async (req, res) => {
    res.status(202).json(await requestProcessStop(caller(res), req.query.id));
  });
  return router;
}
