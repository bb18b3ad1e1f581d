import { useMachine } from '@xstate/react';
import { UserRound } from 'lucide-react';
import { isCustomerRole, type User } from '../../../server/contract/user.ts';
import { liveUsersMachine } from '../../actors/admin.ts';
import { DeleteButton } from '../../components/controls.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { showDialog } from '../../ui/dialog.ts';

export function ManageUsersPage() {
  const [list, send] = useMachine(liveUsersMachine);
  const { rows, error } = list.context;

  async function deleteUser(user: User) {
    const answer = await showDialog({
      title: 'Delete this account?',
      text: `${user.displayName || user.email} will no longer be able to sign in. Their orders stay in the books.`,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Delete',
    });
    if (answer.isConfirmed) send({ type: 'list.act', action: 'delete', id: user._id, uid: user.uid });
  }

  return (
    <ListTable
      title={`Manage users (${rows.length})`}
      loading={list.matches('loading')}
      error={list.matches('failed') ? error : null}
      count={rows.length}
      empty={<p className="py-6 text-center text-lg">No accounts yet.</p>}
      onRetry={() => send({ type: 'list.reload' })}
      columns={['Photo', 'Name', 'Email', 'Role', 'Action']}
      minWidth="min-w-[36rem]"
    >
      {rows.map((user) => (
        <tr key={user._id} className="border-b border-neutral-200">
          <td className="py-2 pr-4">
            {user.photoURL ? (
              <img
                src={user.photoURL}
                alt=""
                width={40}
                height={40}
                referrerPolicy="no-referrer"
                className="size-10 rounded-full object-cover"
              />
            ) : (
              <UserRound aria-hidden="true" className="size-10 rounded-full bg-cream p-2 text-brand-ink" />
            )}
          </td>
          <td className="py-2 pr-4 font-semibold">{user.displayName || '—'}</td>
          <td className="py-2 pr-4 break-all">{user.email}</td>
          <td className="py-2 pr-4">{user.role}</td>
          <td className="py-2">
            {/* The spec offers delete only on customers' rows; the server refuses admins too. */}
            {isCustomerRole(user.role) && (
              <DeleteButton
                label={`Delete ${user.email}`}
                disabled={list.matches('acting')}
                onClick={() => deleteUser(user)}
              />
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
