import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BodyShapeId, ColorFamily, Gender, NamedColor, OccasionId, PaletteId, PieceType, PriceRange, ReferralHoldReason, ReferralStatus, SelectionId, SelectionKind, SkinToneId, StyleVibeId, Tier, TrendId } from '@drape/contracts';
import type { ClosetCategory, ClosetPattern } from '@drape/contracts/closet';
import type { ShoppingCountry, ShoppingPlatform } from '@drape/contracts/shopping';

/** An image in the inventory (viewable), curated into the LookBook, or archived. */
export type ImageStatus = 'viewable' | 'lookbook' | 'archived';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  tier: ColumnType<Tier, Tier | undefined, Tier>;
  style_vibe: StyleVibeId | null;
  body_shape: BodyShapeId | null;
  skin_tone: SkinToneId | null;
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  gender: string | null;
  country: string | null;
  bio: string | null;
  geolocation_enabled: Generated<boolean>;
  preferred_country: string | null;
  preferred_google_domain: string | null;
  preferred_amazon_domain: string | null;
  referred_by: string | null;
  deletion_requested_at: Date | null;
  is_test: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A sign-up through a referral and whether it counts toward the referrer's tier (migration 0016). */
export interface ReferralsTable {
  /** The friend who signed up. */
  user_id: string;
  referrer_id: string;
  /** The sign-up network as CIDR text (IPv4 /24, IPv6 /48); null when unknown. */
  network: string | null;
  status: ReferralStatus;
  hold_reason: ReferralHoldReason | null;
  created_at: CreatedAt;
  decided_at: Date | null;
  /** The admin key that released or revoked it. */
  decided_by: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Date;
  created_at: CreatedAt;
  last_activity_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  device_type: string;
  browser: string | null;
  os: string | null;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  /** Only while the mail's delivery is pending (a reset link is never kept in plain text). */
  body_text: string | null;
  body_html: string | null;
  kind: string;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** The last attempt's error while retrying; why it was not sent once given up. */
  error: string | null;
  /** Delivery attempts made through SMTP_URL. */
  attempts: Generated<number>;
  /** When its delivery was given up (after the last retry, or pending past an hour). */
  failed_at: Date | null;
}

export interface AdminsTable {
  id: Generated<string>;
  admin_key: string;
  password_hash: string;
  token_version: Generated<number>;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface BotCheckUsesTable {
  signature: string;
  expires_at: Date;
}

export interface PipelineWorkersTable {
  id: Generated<string>;
  name: string;
  hostname: string;
  pid: number;
  status: ColumnType<string, string | undefined, string>;
  started_at: CreatedAt;
  last_heartbeat_at: Timestamp;
  stopped_at: Date | null;
  last_error: string | null;
}

export interface TrendsTable { id: TrendId; name: string; category: string; pattern: string; active: boolean; sort: number }
export interface PalettesTable { id: PaletteId; name: string; season: string; colors: ColumnType<NamedColor[], string, string>; sort: number }
export interface OccasionsTable { id: OccasionId; name: string; icon: string; is_active: boolean; sort: number }
export interface StyleVibesTable { id: StyleVibeId; name: string; short_name: string; sort: number }
export interface BodyShapesTable { id: BodyShapeId; name: string; in_generator: boolean; sort: number }
export interface SkinTonesTable { id: SkinToneId; name: string; hex: string; emoji: string; sort: number }

export interface CombinationsTable {
  code: string;
  gender: Gender;
  selection_kind: SelectionKind;
  selection_id: SelectionId;
  style_vibe: StyleVibeId | null;
  body_shape: BodyShapeId | null;
  skin_tone: SkinToneId | null;
  enhanced_prompt: string;
  image_count: Generated<number>;
  active: Generated<boolean>;
  prompt_updated_at: Timestamp;
}

export interface GeneratedImagesTable {
  id: Generated<string>;
  job_id: string;
  combination_code: string;
  gender: Gender;
  selection_kind: SelectionKind;
  selection_id: SelectionId;
  style_vibe: StyleVibeId | null;
  body_shape: BodyShapeId | null;
  skin_tone: SkinToneId | null;
  status: ColumnType<ImageStatus, ImageStatus | undefined, ImageStatus>;
  storage_key: string;
  thumb_key: string;
  width: number;
  height: number;
  bytes: number;
  quality_score: number;
  quality: ColumnType<Record<string, unknown>, string, string>;
  safety_score: number;
  stage_ms: ColumnType<Record<string, number>, string | undefined, string>;
  color_families: ColorFamily[];
  seed: number;
  prompt: string;
  provider: string;
  watermarked: Generated<boolean>;
  is_premium: Generated<boolean>;
  /** In the landing showcase (admin-curated; a LookBook look only, a trigger of 0013 sees to it). */
  in_showcase: Generated<boolean>;
  created_at: CreatedAt;
  /** When the look entered the LookBook (set by a trigger from status); null outside it. */
  lookbook_at: Generated<Date | null>;
  /** Who last put the look in or took it out of the LookBook; an admin's choice is never undone automatically. */
  curated_by: CuratedBy | null;
  /** When the look joined the showcase (set and cleared by a trigger from in_showcase); the showcase's order. */
  showcase_at: Generated<Date | null>;
  /** The link-preview card (1200x630 JPEG), made when the look is first shared; null before (migration 0025). */
  preview_key: ColumnType<string | null, never, string | null>;
  /** Its stored files carry the XMP AI mark (IPTC digital source type, generator): migration 0025. */
  ai_marked: Generated<boolean>;
  /** 'Why this works': the stylist's reasons, written with the look (migration 0027); empty for a look not yet rescored. */
  stylist_note: ColumnType<string[], string[] | undefined, string[]>;
  /** Made live around a user's own pieces (migration 0028): never stock, never in the LookBook. */
  personal: Generated<boolean>;
}

export type CuratedBy = 'auto' | 'admin';

/** One row per color of each LookBook look (kept by a trigger): the color filter's ordered index. */
export interface LookbookColorsTable {
  image_id: string;
  color: ColorFamily;
  gender: Gender;
  lookbook_at: Date;
}

export interface FashionItemsTable {
  id: Generated<string>;
  image_id: string;
  position: number;
  name: string;
  type: PieceType;
  color: string;
  color_hex: string;
  color_family: ColorFamily;
  description: string;
  price_range: PriceRange;
  /** The user's own piece from My Pieces (migration 0028): 'Yours', no shopping links. */
  owned: Generated<boolean>;
}

export interface WardrobeItemsTable {
  id: Generated<string>;
  user_id: string;
  image_id: string;
  notes: string | null;
  created_at: CreatedAt;
  /** Copied from the look when saved (a look never changes them): the wardrobe filters by its own indexes. */
  gender: Gender;
  selection_kind: SelectionKind;
  selection_id: SelectionId;
  style_vibe: StyleVibeId | null;
}

/** A piece of the user's own, photographed (My Pieces, migration 0026). */
export interface ClosetPiecesTable {
  /** Given by the server: the files are written under it before the row. */
  id: string;
  user_id: string;
  /** Null: the default name, from the family and category as they are now. */
  name: string | null;
  category: ClosetCategory;
  /** The measured family, or the user's correction of it. */
  color_family: ColorFamily;
  /** The photo's measured main colour. */
  color_hex: string;
  pattern: ClosetPattern;
  /** What the photo measured, kept whatever the user corrects. */
  measured_color_family: ColorFamily;
  /** In the private area, never under /media. */
  photo_key: string;
  thumbnail_key: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A capped tier's LookBook session (migration 0024): where its window starts and how far it has gone. */
export interface LookbookSessionsTable {
  user_id: string;
  window_start: Generated<number>;
  viewed: Generated<number>;
  /** The session's last page; null once the user signed out. */
  last_active_at: Date | null;
}

export interface ImageViewsTable { user_id: string; image_id: string; viewed_at: CreatedAt }

/** A look somebody shared: its link is public while the look is viewable or in the LookBook. */
export interface OutfitSharesTable { image_id: string; user_id: string; created_at: CreatedAt }

export interface DailyUsageTable {
  user_id: string;
  day: string;
  used: Generated<number>;
  reserved: Generated<number>;
  shared: Generated<boolean>;
}

export interface BlockedImagesTable {
  id: Generated<string>;
  job_id: string;
  combination_code: string;
  gender: Gender;
  selection_kind: SelectionKind;
  selection_id: SelectionId;
  style_vibe: StyleVibeId | null;
  body_shape: BodyShapeId | null;
  skin_tone: SkinToneId | null;
  storage_key: string | null;
  rejection_reason: string;
  rejection_details: ColumnType<Record<string, unknown>, string, string>;
  quality_score: number | null;
  safety_score: number | null;
  human_realism_score: number | null;
  admin_review_status: ColumnType<string, string | undefined, string>;
  admin_reviewer: string | null;
  reviewed_at: Date | null;
  admin_notes: string | null;
  blocked_at: CreatedAt;
  /** The look as composed (0014); null on rows blocked before it was kept. */
  seed: number | null;
  prompt: string | null;
  provider: string | null;
  quality: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  color_families: ColorFamily[] | null;
  pieces: ColumnType<BlockedPiece[] | null, string | null | undefined, string | null>;
  /** The inventory look a restore made of it. */
  restored_image_id: string | null;
  /** The stylist's note on the look as composed (0027), for a restore to keep. */
  stylist_note: ColumnType<string[], string[] | undefined, string[]>;
}

/** A piece of a blocked look, as its fashion_items row will be written on restore. */
export type BlockedPiece = Omit<FashionItemsTable, 'id' | 'image_id' | 'position' | 'owned'> & { owned?: boolean };

export interface BatchJobsTable {
  id: Generated<string>;
  kind: string;
  status: ColumnType<string, string | undefined, string>;
  total: Generated<number>;
  processed: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  steps: Generated<number>;
  metrics: ColumnType<Record<string, unknown>, string | undefined, string>;
  options: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  started_at: Timestamp;
  finished_at: Date | null;
}

export interface SevQueueTable {
  combination_code: string;
  sev_level: string;
  sequence: number;
  cycle: number;
  batch_job_id: string | null;
  sent_at: Date | null;
  completed_at: Date | null;
}

export interface GenerationOutcomesTable {
  job_id: string;
  outcome: 'stored' | 'blocked' | 'failed';
  image_id: string | null;
  reason: string | null;
  finished_at: CreatedAt;
}

/** A shopping link opened (user-area §7): plain ids for the piece and image, which retention may delete. */
export interface ShoppingClicksTable {
  id: Generated<string>;
  user_id: string;
  fashion_item_id: string;
  image_id: string;
  retailer: ShoppingPlatform;
  country: ShoppingCountry;
  domain: string;
  created_at: CreatedAt;
}

/** rate-limiter-flexible's store: `expire` is the window's end in epoch milliseconds. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface AdminAuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  /** The admin key, the operator's login at the CLI, or 'anonymous' (a refusal without a known admin). */
  actor: string;
  actor_kind: 'admin' | 'cli' | 'anonymous';
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip_address: string | null;
  user_agent: string | null;
  /** 'ok': a change or an audited read; 'refused': a failed admin sign-in or a refused admin call (0017). */
  outcome: ColumnType<'ok' | 'refused', 'ok' | 'refused' | undefined, never>;
  /** Refusals of one address and reason in one window share a row: how many, and the latest. */
  repeats: ColumnType<number, number | undefined, number>;
  last_at: Date | null;
  coalesce_key: string | null;
}

/** Logged-out admin tokens by id, until they would have expired (0017). */
export interface AdminTokenDenylistTable {
  jti: string;
  admin_id: string;
  expires_at: Date;
  denied_at: CreatedAt;
}

/**
 * Counters kept by statement triggers (migration 0011): 'images:<status>', 'users', 'image_views',
 * each spread over a few slots (sum them).
 */
export interface AdminCountersTable {
  name: string;
  slot: number;
  value: number;
}

/** Stored looks per UTC day of creation, kept by the same triggers (sum the slots). */
export interface ImagesCreatedDailyTable {
  day: string;
  slot: number;
  images: number;
}

export interface Database {
  users: UsersTable;
  referrals: ReferralsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  admins: AdminsTable;
  settings: SettingsTable;
  bot_check_uses: BotCheckUsesTable;
  pipeline_workers: PipelineWorkersTable;
  trends: TrendsTable;
  palettes: PalettesTable;
  occasions: OccasionsTable;
  style_vibes: StyleVibesTable;
  body_shapes: BodyShapesTable;
  skin_tones: SkinTonesTable;
  combinations: CombinationsTable;
  generated_images: GeneratedImagesTable;
  fashion_items: FashionItemsTable;
  image_views: ImageViewsTable;
  outfit_shares: OutfitSharesTable;
  wardrobe_items: WardrobeItemsTable;
  closet_pieces: ClosetPiecesTable;
  lookbook_colors: LookbookColorsTable;
  lookbook_sessions: LookbookSessionsTable;
  daily_usage: DailyUsageTable;
  blocked_images: BlockedImagesTable;
  batch_jobs: BatchJobsTable;
  sev_queue: SevQueueTable;
  generation_outcomes: GenerationOutcomesTable;
  rate_limits: RateLimitsTable;
  shopping_clicks: ShoppingClicksTable;
  admin_audit_log: AdminAuditLogTable;
  admin_token_denylist: AdminTokenDenylistTable;
  admin_counters: AdminCountersTable;
  images_created_daily: ImagesCreatedDailyTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ClosetPieceRow = Selectable<ClosetPiecesTable>;
