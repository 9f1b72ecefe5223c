create table daybook_private.invitations (
  inviter uuid not null,
  at timestamptz not null default now()
);

create index invitations_inviter_at on daybook_private.invitations (inviter, at);

revoke all on daybook_private.invitations from public, anon, authenticated;
