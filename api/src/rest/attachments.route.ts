import { Router } from 'express';
import type { Knex } from '@app/db';
import { backoffice, roles } from '../auth/access';
import { attachFile, openAttachment } from '../modules/files';
import { ATTACHMENT_OWNERS, resourceSpec, UPLOAD_LIMITS, type AttachmentOwner } from '../rules';
import { currentUser, restRoute } from './rest-route';
import { sendStoredFile } from './send-stored-file';
import { groupOf, queryValue, rawBody, uploadedFile } from './upload-request';

/** The largest file any attachment kind accepts: the body parser's limit (each kind's own is checked after). */
const MAX_ATTACHMENT_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((limit) => limit.maxBytes));

/**
 * Files attached to records (specification §7 `POST /api/v2/uploads/comment-attachments`, and the same for a
 * visit and a tenant): the body is the file, its name in `X-File-Name`, the record in the query
 * (`?commentId=`, `?houseVisitId=`, `?tenantId=`, and for a tenant `&type=TENANCY_AGREEMENT|PROOF_OF_ADDRESS`).
 * Adding a file needs WRITE on the record's area; the record is looked up in the caller's group and, for
 * partner staff, among their own visits. Answers 201 with the file as the record's page lists it.
 * GET /uploads/files/{id} serves one through a short-lived download link (`?jwt=`), to whoever may read its record.
 */
export function attachmentsRoute(db: Knex): Router {
  const router = Router();
  for (const owner of Object.keys(ATTACHMENT_OWNERS) as AttachmentOwner[]) {
    const { uploadPath, idParam, resource } = ATTACHMENT_OWNERS[owner];
    const spec = resourceSpec(resource);
    const path = uploadPath.replace(/^\/api\/v2/, '');
    router.post(path, rawBody(MAX_ATTACHMENT_BYTES));
    restRoute(router, 'post', path, backoffice(spec.area, 'WRITE', spec.writeKey), async (req, res) => {
      const caller = { db, user: currentUser(res)!, groupId: groupOf(req) };
      res.status(201).json(await attachFile(caller, owner, queryValue(req, idParam), queryValue(req, 'type'), uploadedFile(req)));
    });
  }
  // Any back-office or partner user; the file's record decides (openAttachment), and answers not found otherwise.
  restRoute(router, 'get', '/uploads/files/:id', roles('backoffice', 'partner'), async (req, res) => {
    const caller = { db, user: currentUser(res)!, groupId: groupOf(req) };
    await sendStoredFile(res, await openAttachment(caller, String(req.params.id)));
  });
  return router;
}
