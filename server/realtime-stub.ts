// The slice of Supabase's `realtime` schema that the migrations and the stand-in's Realtime
// rely on; created, like the auth stub, only on a database that is not a Supabase one, after
// the auth stub (it needs the roles). Safe to run again on every start.
//
// On Supabase, realtime.send() inserts into realtime.messages and the Realtime service picks
// the row up from the WAL after commit. Here it NOTIFYs REALTIME_NOTIFY_CHANNEL instead (also
// delivered at commit, and not at all on rollback, to every server process listening on the
// database) and server/realtime.ts relays it; only a message too large for NOTIFY is stored in
// the table. The table also serves what Supabase uses it for besides that: RLS policies on it
// decide who may join a private channel (the server probes them; see realtime-auth.ts).
export const REALTIME_NOTIFY_CHANNEL = 'daybook_realtime';
// NOTIFY carries at most 8,000 bytes: a larger message waits in realtime.messages (where
// Supabase keeps every message) and the notification only names it; kept this long
const STORED_MESSAGE_MINUTES = 10;
const MAX_NOTIFY_BYTES = 7900;

export const REALTIME_STUB_SQL = `
create schema if not exists realtime;
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
create or replace function realtime.topic() returns text language sql stable as $f$
  select nullif(current_setting('realtime.topic', true), '')::text
$f$;
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $f$
declare
  generated_id uuid := gen_random_uuid();
  message text;
begin
  begin
    -- as Supabase's: the message id goes into the payload unless it has one
    if not (payload ? 'id') then
      payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    message := jsonb_build_object('id', generated_id, 'topic', topic,
      'event', event, 'payload', payload, 'private', coalesce(private, true))::text;
    if octet_length(message) > ${MAX_NOTIFY_BYTES} then
      delete from realtime.messages where extension = 'broadcast'
        and inserted_at < now()::timestamp - interval '${STORED_MESSAGE_MINUTES} minutes';
      insert into realtime.messages (id, topic, extension, payload, event, private)
        values (generated_id, topic, 'broadcast', payload, event, coalesce(private, true));
      message := jsonb_build_object('stored', generated_id)::text;
    end if;
    perform pg_notify('${REALTIME_NOTIFY_CHANNEL}', message);
  exception when others then
    -- as Supabase's: a message that cannot be sent never fails the caller's transaction
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end $f$;
revoke all on function realtime.send(jsonb, text, text, boolean) from public, anon, authenticated;
grant usage on schema realtime to anon, authenticated, service_role;
grant select, insert on realtime.messages to anon, authenticated, service_role;
grant execute on function realtime.topic() to anon, authenticated, service_role;
`;
