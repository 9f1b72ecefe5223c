-- A person's labels (SPEC §14.1): a name and a colour, seen only by their owner. Their version
-- space is the owner's Inbox (whose id is the owner's id, and which every account has), so they
-- reach the owner's devices through the same cursors as everything else and need no list of their
-- own; list_id is that space, kept equal to user_id.
create table public.labels (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  list_id uuid not null,
  name text not null,
  color text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  constraint labels_space check (list_id = user_id),
  constraint labels_name_len check (char_length(name) between 1 and 60),
  constraint labels_color check (color in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'))
);

-- pull reads the caller's rows past its Inbox's cursor; the limit counts the live ones
create index labels_user_version on public.labels (user_id, list_id, version);

create trigger labels_version before insert or update on public.labels
  for each row execute function daybook_private.take_version_in_list();

alter table public.labels enable row level security;

revoke all on public.labels from public, anon, authenticated;
grant select on public.labels to authenticated;

-- What sync_pull brings of this table (kind 'b'): the caller's own labels, deleted ones too (a
-- delete reaches their other devices), in the caller's Inbox only.
create or replace function daybook_private.pull_labels_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'b'::text, b.list_id, b.version, b.id from public.labels b
    where b.user_id = p_me and b.list_id = p_list and b.version > p_after order by b.version limit p_limit
$$;
create or replace function daybook_private.pull_labels_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(b) - 'user_id' - 'list_id' order by b.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.labels b on b.id = k.row_id and b.user_id = p_me);
end $$;
create or replace function daybook_private.pull_labels_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.labels b on b.user_id = p_me and b.list_id = c.list_id and b.version > c.after);
end $$;
revoke all on function daybook_private.pull_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_labels_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_labels_count(uuid, uuid[], bigint[]) to authenticated;
