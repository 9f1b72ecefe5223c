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

-- {cursors: {invitations?, links?}, invitations?, links?} for sync_pull to merge into its page.
-- Stable, so it reads in the snapshot of the pull's statement that calls it.
create or replace function daybook_private.pull_shared(p_cursors jsonb) returns jsonb
language sql stable set search_path = public, pg_temp as $$
  select jsonb_build_object('cursors', coalesce(jsonb_object_agg(s.key, s.digest) filter (where s.asked), '{}'::jsonb))
    || coalesce(jsonb_object_agg(s.key, s.value) filter (where not s.asked or s.held is distinct from s.digest), '{}'::jsonb)
  from (
    select x.key, x.value, x.asked, case when x.asked then daybook_private.pull_digest(x.value) end as digest,
      case when x.asked then (p_cursors ->> x.key)::numeric end as held
    from (
      select v.key, v.value, coalesce(jsonb_typeof(p_cursors -> v.key) = 'number', false) as asked
      from (values ('invitations', daybook_private.my_invitations()), ('links', daybook_private.my_links())) v(key, value)
    ) x
  ) s
$$;
revoke all on function daybook_private.pull_shared(jsonb) from public, anon;
grant execute on function daybook_private.pull_shared(jsonb) to authenticated;
