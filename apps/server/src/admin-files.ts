import type { FastifyInstance } from 'fastify';
import type { Services } from '@drape/api';
import { inspectAdminToken } from '@drape/auth';
import { APP_ERRORS } from '@drape/contracts';
import { AUDIT_REFUSED_CALL } from '@drape/contracts/admin';
import { recordRefusal } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { requestContext } from './request-context';
import { apiHeaders } from './security-headers';

/**
 * The private files an administrator reviews: a blocked image, by its row id, only to a valid admin
 * token (the Authorization header, as every admin call). Never cached anywhere.
 */
export async function registerAdminFiles(app: FastifyInstance, services: Services, storage: Storage): Promise<void> {
  const jsonHeaders = apiHeaders(services.config.publicOrigin);
  app.get('/api/admin/blocked-images/:id/image', { helmet: false }, async (req, reply) => {
    void reply.headers(jsonHeaders);
    const { adminToken, sessionToken, req: meta } = requestContext(services, req);
    const verdict = adminToken ? await inspectAdminToken(services.db, adminToken) : null;
    if (!verdict?.ok) {
      // Refused like every admin call, and written to the audit log the same way (coalesced).
      await recordRefusal(services.db, {
        action: AUDIT_REFUSED_CALL, reason: verdict ? verdict.reason : sessionToken ? 'user_token' : 'no_token', adminKey: verdict?.adminKey ?? null,
        targetId: 'GET /api/admin/blocked-images/:id/image', ipAddress: meta.ipAddress, userAgent: meta.userAgent,
      });
      return reply.status(401).send({ error: 'admin_unauthorized', message: APP_ERRORS.admin_unauthorized.message });
    }
    const { id } = req.params as { id: string };
    const notFound = () => reply.status(404).send({ error: 'not_found', message: 'No such blocked image.' });
    if (!/^[0-9a-f-]{36}$/i.test(id)) return notFound();
    const row = await services.db.selectFrom('blocked_images').select('storage_key').where('id', '=', id).executeTakeFirst();
    const file = row?.storage_key ? await storage.get('private', row.storage_key) : null;
    if (!file) return notFound();
    return reply
      .headers({ 'content-type': file.contentType, 'content-length': String(file.contentLength), 'cache-control': 'private, no-store' })
      .send(file.body);
  });
}
