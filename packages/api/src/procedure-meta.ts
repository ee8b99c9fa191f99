import type { AuditTargetType } from '@drape/contracts/admin';

/**
 * What a procedure declares about itself (issue 17: each procedure declares itself once), read by
 * the REST table, the OpenAPI document, the audit log, Maintenance Mode and the access proofs.
 * `access` is set by the builders (publicProcedure, authedProcedure...), never by a procedure.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * The other spellings the REST edge adds to an answer that holds looks (user-area §3): tRPC answers
 * carry each field once (docs/decisions/0027-procedure-metadata.md).
 */
export type RestSpelling = 'outfit' | 'fashionItems' | 'wardrobePage' | 'wardrobeSave' | 'lookbookPage';

export interface RestMeta {
  method: HttpMethod;
  /** The documented path (spec user-area §7, settings-and-admin §7); `:name` is a path parameter. */
  path: string;
  summary: string;
  /** Status of a success answer (200 unless said). */
  status?: number;
  spelling?: RestSpelling;
  /**
   * The REST answer is a file of this type (the procedure's service sets `restFile`); the
   * answer's schema (tRPC's answer) is documented apart, under this name, as what the file holds.
   */
  file?: { contentType: string; schema: string };
}

/**
 * The object an audited call names: a field of its input, or of its answer (what it made), or none
 * (`null`: a change of the whole platform, a list read).
 */
export type AuditTarget = { type: AuditTargetType; input: string } | { type: AuditTargetType; answer: string } | null;

export type Access = 'public' | 'viewer' | 'user' | 'admin';

export interface ProcedureMeta {
  access?: Access;
  /** Its REST row, or null for a tRPC-only procedure: every procedure says which (a test checks). */
  rest?: RestMeta | null;
  /**
   * Written to the audit log once it succeeds (admin procedures: every change, and the reads of
   * personal or refused data), naming this target.
   */
  audit?: { target: AuditTarget };
  /** 'open': answered during Maintenance Mode (the admin area, the status the maintenance page polls). */
  maintenance?: 'open';
  /**
   * A call outside `admin.*` that the admin app makes too, so it is answered on the admin origin
   * as well when ADMIN_ORIGIN splits the listeners (surfaces.ts).
   */
  adminApp?: true;
}
