create policy lists_read on public.lists for select to authenticated
  using (id in (select daybook_private.my_list_ids()));

create policy list_members_read on public.list_members for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy tasks_read on public.tasks for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy task_departures_read on public.task_departures for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy sync_clients_read on public.sync_clients for select to authenticated
  using (user_id = (select auth.uid()));

create policy sync_mutations_read on public.sync_mutations for select to authenticated
  using (user_id = (select auth.uid()));

create policy steps_read on public.steps for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy reminders_read on public.reminders for select to authenticated
  using (user_id = auth.uid() and list_id in (select daybook_private.my_list_ids()));

create policy push_subscriptions_read on public.push_subscriptions for select to authenticated
  using (user_id = auth.uid());

create policy labels_read on public.labels for select to authenticated
  using (user_id = auth.uid());

create policy profiles_read on public.profiles for select to authenticated
  using (user_id = (select auth.uid()));

create policy task_labels_read on public.task_labels for select to authenticated
  using (user_id = auth.uid() and list_id in (select daybook_private.my_list_ids()));

create policy comments_read on public.comments for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy filters_read on public.filters for select to authenticated
  using (user_id = auth.uid());
