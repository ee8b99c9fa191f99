import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  tier: ColumnType<string, string | undefined, string>;
  style_vibe: string | null;
  body_shape: string | null;
  skin_tone: string | null;
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
  body_text: string;
  body_html: string | null;
  kind: string;
  created_at: CreatedAt;
  sent_at: Date | null;
  error: string | null;
}

export interface AdminsTable {
  id: Generated<string>;
  admin_key: string;
  password_hash: string;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  admins: AdminsTable;
  settings: SettingsTable;
  bot_check_uses: BotCheckUsesTable;
  pipeline_workers: PipelineWorkersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
