// Two people, each on a device of their own, sharing one list: Alice owns it, Bob edits it, and
// both devices have synced it. The start of every two-person sync test.
import { invitations, lists, members } from '@/data/write';
import { signUpUser, type TestServer } from './server';
import { connectDevice, type Device } from './sync-device';

export async function editorPair(srv: TestServer, listName: string): Promise<{ alice: Device; bob: Device; listId: string }> {
  const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
  const alice = await connectDevice(srv, a, 'alice');
  const bob = await connectDevice(srv, b, 'bob');
  const list = await lists.create({ name: listName, color: 'green' }, alice.db);
  await members.invite(list.id, b.email, 'editor', alice.db);
  await alice.sync();
  await invitations.accept(list.id, bob.db);
  await bob.sync();
  // Alice's device learns that Bob is in (to assign him, or count him in a turn order)
  await alice.sync();
  return { alice, bob, listId: list.id };
}
