-- A pull's invitations and share links (my_invitations, my_links), sent only when the device does
-- not hold them already. Each set has a digest among the cursors (`invitations`, `links`): a
-- request that names the key (0 when the device holds no set it can vouch for) is answered with
-- the set's digest there, and with the set itself only when that digest differs from the one
-- sent. A request without the key (a device from before digests) gets the set whole, no digest.
-- The digest is of exactly what would be sent, so any change to what the person may see of either
-- set (an invitation made, answered, cancelled or expired; a member removed; a link made, revoked
-- or expired; a list renamed or deleted) is a new digest, with nothing to keep in step.

-- 52 bits of the md5 of the value's text, plus one (never 0, which stands for "none held"): an
-- integer a JSON number carries exactly to JavaScript and back. md5 is core PostgreSQL (no pgcrypto).
create or replace function daybook_private.pull_digest(p_value jsonb) returns bigint
language sql immutable set search_path = public, pg_temp as $$
  select ('x' || substr(md5(p_value::text), 1, 13))::bit(52)::bigint + 1
$$;
revoke all on function daybook_private.pull_digest(jsonb) from public, anon;
grant execute on function daybook_private.pull_digest(jsonb) to authenticated;

-- {cursors: {invitations?, links?, feeds?}, invitations?, links?, feeds?} for sync_pull to merge into its page.
-- Stable, so its queries read in the snapshot of the pull's statement that calls it.
create or replace function daybook_private.pull_shared(p_cursors jsonb) returns jsonb
language plpgsql stable set search_path = public, pg_temp as $$
declare
  k text;
  val jsonb;
  digest bigint;
  sent jsonb := '{}'::jsonb;
  digests jsonb := '{}'::jsonb;
begin
  foreach k in array array['invitations', 'links', 'profile', 'feeds'] loop
    val := case k when 'invitations' then daybook_private.my_invitations() when 'links' then daybook_private.my_links()
      when 'profile' then daybook_private.my_profile() else daybook_private.my_feeds() end;
    if coalesce(jsonb_typeof(p_cursors -> k) = 'number', false) then
      digest := daybook_private.pull_digest(val);
      digests := digests || jsonb_build_object(k, digest);
      continue when (p_cursors ->> k)::numeric = digest;
    end if;
    sent := sent || jsonb_build_object(k, val);
  end loop;
  return sent || jsonb_build_object('cursors', digests);
end $$;
revoke all on function daybook_private.pull_shared(jsonb) from public, anon;
grant execute on function daybook_private.pull_shared(jsonb) to authenticated;
