create table daybook_private.push_sent (
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  task_id uuid not null references public.tasks (id) on delete cascade,
  occurrence date not null,
  fire_at timestamptz not null,
  -- null until the push service took the message: a claim is a lease, and a sender that dies or
  -- times out leaves it to be claimed again once lease_until has passed
  sent_at timestamptz,
  lease_until timestamptz,
  primary key (subscription_id, task_id, occurrence, fire_at)
);

create index push_sent_fire_at on daybook_private.push_sent (fire_at);

create index push_sent_task on daybook_private.push_sent (task_id);

revoke all on daybook_private.push_sent from public, anon, authenticated;
