import type { FastifyRequest } from 'fastify';
import { proofPackageRequest, signedLinkResponse, VERIFY_PAGE_NAME } from '../../../contracts/index';
import type { ModuleContext } from '../../module';
import { contentDisposition, refuseLink } from '../../files/links';
import { badRequest } from '../../http/errors';
import { linkTranslator } from '../../http/language';
import { defineRoute } from '../../http/route';
import { DIGITS_FORMAT, formatChinaTime } from '../../lib/time';
import { certificateHtml } from './certificate';
import { recordingFactsOf } from './recording-facts';
import type { EvidenceRoutes } from './certificate-routes';
import type { PdfRenderer } from './pdf';
import { ProofBuilder, recordNames, streamProofPackage } from './proof-package';
import { findByBaoquan, findOwnedMany, type EvidenceRow } from './repository';
import { missing, type EvidenceService } from './service';

export const PROOF_PACKAGE_PATH = '/api/data/proofPackage';

/**
 * The offline proof package: `POST /api/data/downProofPackage {ids}` (the owner's records, one or a
 * batch, in the style of downloadBatch) answers a signed link; the link streams the zip, in the language of the request
 * that made the link. Records that are not the caller's answer as if they did not exist.
 */
export function proofPackageRoutes(ctx: ModuleContext, service: EvidenceService, pdf: PdfRenderer): EvidenceRoutes {
  const origin = (request: FastifyRequest) => ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;

  /** The caller's records among the ids whose file is still stored; a guessed or foreign id is simply not there. */
  const ownedPresent = async (userId: number, ids: number[]): Promise<EvidenceRow[]> => {
    const rows = await findOwnedMany(ctx.db, userId, ids);
    const present = await Promise.all(rows.map((row) => service.present(row)));
    return rows.filter((_, i) => present[i]);
  };

  return {
    routes: [
      defineRoute({
        method: 'POST',
        url: '/api/data/downProofPackage',
        summary:
          'A signed link to the offline proof package of the chosen records (ids: comma list, up to 100; or one record by baoquan): per record the evidence file, its certificate PDF and proof.json (entry, audit path, signed checkpoint and key, RFC 3161 token and the authority certificates, consistency proof to the latest checkpoint), with verify.html and the instructions',
        tag: 'evidence',
        auth: true,
        body: proofPackageRequest,
        response: signedLinkResponse,
        handler: async ({ session, body, request }) => {
          const rows = body.ids
            ? await findOwnedMany(ctx.db, session.userId, body.ids)
            : [await findByBaoquan(ctx.db, body.baoquan ?? '')].filter((row): row is EvidenceRow => row?.user_id === session.userId);
          if (rows.length === 0) throw missing();
          const present = await Promise.all(rows.map((row) => service.present(row)));
          if (!present.includes(true)) throw badRequest('preservation:noDownload');
          return ctx.links.create(PROOF_PACKAGE_PATH, {
            u: String(session.userId),
            ids: rows.map((r) => r.id).join(','),
            l: request.translator.language,
          });
        },
      }),
    ],
    register(app) {
      app.get(PROOF_PACKAGE_PATH, async (request, reply) => {
        const params = await ctx.links.check(PROOF_PACKAGE_PATH, request.query, ['u', 'ids'] as const, ['l'] as const);
        if (!params) return refuseLink(reply, request.translator);
        const t = linkTranslator(request, params.l);
        // Checked again now: a record deleted (or whose file went) since the link was made is left out.
        const rows = await ownedPresent(Number(params.u), params.ids.split(',').map(Number));
        if (rows.length === 0) return reply.status(404).send({ code: 404, msg: t.t('preservation:noDownload'), data: null });
        const now = ctx.clock.now();
        const reserved = rows.length === 1 ? [VERIFY_PAGE_NAME, t.t('proof-package:howtoFile')] : [];
        const names = rows.map((row) => recordNames(t, row, reserved));
        const proofs = await new ProofBuilder(ctx.transparencyLog, ctx.timestamps, request.log).build(
          rows,
          names.map((n) => n.file),
          names.map((n) => n.certificate),
          now,
        );
        const render = async (row: EvidenceRow) => {
          const certificate = await service.certificate(row, 'owner');
          const pageUrl = `${origin(request)}/attestation/${encodeURIComponent(row.baoquan)}`;
          return pdf.render(certificateHtml(t, { certificate, issuedAt: now, pageUrl, recording: await recordingFactsOf(ctx.db, row.id) }));
        };
        // One record: its PDF is rendered before the answer starts, so a failure is an envelope, not a broken zip.
        let single: Buffer | null = null;
        if (rows.length === 1) {
          try {
            single = await render(rows[0]!);
          } catch (error) {
            request.log.error({ err: error }, 'certificate PDF rendering failed');
            return reply.status(500).send({ code: 500, msg: t.t('preservation:pdfFailed'), data: null });
          }
        }
        const items = rows.map((row, i) => ({
          row,
          proof: proofs[i]!,
          renderCertificate: () => (single ? Promise.resolve(single) : render(row)),
        }));
        const keys = (await ctx.transparencyLog.publicKeys()).map((key) => key.keyId);
        const stream = await streamProofPackage(ctx.files, t, items, keys, now);
        stream.on('error', (error) => request.log.error({ err: error }, 'proof package failed while streaming'));
        const stamp = formatChinaTime(now, DIGITS_FORMAT);
        const name =
          rows.length === 1
            ? `${t.t('proof-package:packageName')}-${rows[0]!.baoquan}.zip`
            : `${t.t('proof-package:packageName')}-${stamp}.zip`;
        return reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition(name)).send(stream);
      });
    },
  };
}
