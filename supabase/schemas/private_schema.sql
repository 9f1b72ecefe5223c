create schema if not exists daybook_private;

revoke all on schema daybook_private from public;
grant usage on schema daybook_private to authenticated;
