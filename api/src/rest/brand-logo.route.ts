import { Router } from 'express';
import type { Knex } from '@app/db';
import { PUBLIC } from '../auth/access';
import { DomainError } from '../errors/domain-error';
import { brandLogoImage } from '../modules/brand/brand-logo';
import { loadGroupBrand } from '../modules/brand/group-brand';
import { restRoute } from './rest-route';

/**
 * GET /api/v2/brand/{groupId}/logo: a group's logo image, for anyone — it is on every statement the group sends —
 * so an <img> in the back office's bar or the System area's form shows it without a session. A logo never changes
 * under its upload: asked for with the current `?v=`, the answer is cached for a year; without it, not at all.
 */
export function brandLogoRoute(db: Knex): Router {
  const router = Router();
  restRoute(router, 'get', '/brand/:groupId/logo', PUBLIC, async (req, res) => {
    const id = String(req.params.groupId);
    const brand = /^\d{1,9}$/.test(id) ? await loadGroupBrand(db, Number(id)) : undefined;
    const image = brand ? await brandLogoImage(brand) : null;
    if (!brand?.logo || !image) throw new DomainError('NOT_FOUND', 'This group has no logo');
    res.set({
      'Content-Type': brand.logo.contentType,
      'Content-Length': String(image.length),
      'Cache-Control': req.query.v === String(brand.logo.uploadId) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(image);
  });
  return router;
}
