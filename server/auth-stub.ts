// The slice of Supabase's `auth` schema and roles that the migrations rely on; created only
// on a database that is not a Supabase one. Safe to run again on every start.
export const AUTH_STUB_SQL = `
do $$ begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role service_role nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end $$;
create schema if not exists auth;
create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (lower(email));
create or replace function auth.jwt() returns jsonb language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$f$;
create or replace function auth.uid() returns uuid language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')::uuid
$f$;
create or replace function auth.role() returns text language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
$f$;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
`;

// The server's own bookkeeping: applied migrations, auth sessions and refresh tokens, the keys
// on PostgreSQL (server/keys.ts) and the auth throttles' recent events (server/auth-throttle.ts),
// kept in the database so that every process serving it shares them.
export const META_SQL = `
create schema if not exists daybook_meta;
revoke all on schema daybook_meta from public;
create table if not exists daybook_meta.migrations (name text primary key, applied_at timestamptz not null default now());
create table if not exists daybook_meta.sessions (
  id uuid primary key,
  user_id uuid not null,
  created_at timestamptz not null default now()
);
create table if not exists daybook_meta.refresh_tokens (
  token text primary key,
  session_id uuid not null references daybook_meta.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session on daybook_meta.refresh_tokens (session_id);
-- when it was rotated: reuse within a few seconds answers the current session (GoTrue's reuse interval)
alter table daybook_meta.refresh_tokens add column if not exists revoked_at timestamptz;
create table if not exists daybook_meta.keys (id int primary key check (id = 1), value jsonb not null);
-- one row per throttled key: the times (ms) of its newest events, at most the limit's count;
-- a row whose window has passed (expires_at) is deleted
create table if not exists daybook_meta.throttles (
  key text primary key,
  events bigint[] not null default '{}',
  expires_at bigint not null default 0
);
create index if not exists throttles_expires_at on daybook_meta.throttles (expires_at);
-- auth's one-time link tokens (confirm, reset, e-mail change), by the SHA-256 of the token hash
-- the mail carries: one live token per account and kind; gone with the account
create table if not exists daybook_meta.auth_tokens (
  hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  email text,
  created_at timestamptz not null default now(),
  unique (user_id, kind)
);
`;
