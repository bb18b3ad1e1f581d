import { useNavigate, useSearch } from '@tanstack/react-router';
import { ADMIN_ROLE, CUSTOMER_ROLE, isCustomerRole, safePhoto, type User } from '../../../contract/user.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { DeleteButton } from '../../components/controls.tsx';
import { PersonImage } from '../../components/fallback-image.tsx';
import { ChoiceAndSearchFilters, ClearFilters } from '../../components/list-filters.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { showDialog } from '../../ui/dialog.ts';
import { type ManageUsersSearch, ManageUsersSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

const ROLES = [
  [CUSTOMER_ROLE, 'Customers'],
  [ADMIN_ROLE, 'Admins'],
] as const;

function UserFilters({ search }: { search: ManageUsersSearch }) {
  const navigate = useNavigate({ from: '/admin/manage-users' });
  return (
    <ChoiceAndSearchFilters
      label="Filter users"
      choice={{ label: 'Role', name: 'role', value: search.role, choices: ROLES }}
      search={{ placeholder: 'Name or e-mail', value: search.q }}
      onApply={(role, q) =>
        void navigate({ search: ({ limit }) => ({ role, q, limit }), resetScroll: false })
      }
    />
  );
}

export function ManageUsersPage() {
  const search = useListSearch(ManageUsersSearchSchema, useSearch({ from: '/admin/manage-users' }));
  const { users } = useAdminLogic();
  const { rows, send, canAct, table } = usePagedList(users, search, ['account', 'accounts']);

  async function deleteUser(user: User) {
    const answer = await showDialog({
      titleText: 'Delete this account?',
      text: `${user.displayName || user.email} will no longer be able to sign in. Their orders stay in the books.`,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Delete',
    });
    if (answer.isConfirmed) send({ type: 'list.act', action: 'delete', id: user._id, uid: user.uid });
  }

  return (
    <ListTable
      title="Manage users"
      {...table}
      filters={<UserFilters search={search} />}
      empty={
        search.role || search.q ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <p className="text-lg">No accounts match these filters.</p>
            <ClearFilters />
          </div>
        ) : (
          <p className="py-6 text-center text-lg">
            {search.cursor ? 'No older accounts.' : 'No accounts yet.'}
          </p>
        )
      }
      columns={['Photo', 'Name', 'Email', 'Role', 'Action']}
      minWidth="min-w-[36rem]"
    >
      {rows.map((user) => (
        <tr key={user._id} className="border-b border-neutral-200">
          <td className="py-2 pr-4">
            <PersonImage
              src={safePhoto(user.photoURL)}
              alt=""
              width={40}
              height={40}
              className="size-10 rounded-full bg-cream object-cover"
            />
          </td>
          <td className="py-2 pr-4 font-semibold">{user.displayName || '—'}</td>
          <td className="py-2 pr-4 break-all">{user.email}</td>
          <td className="py-2 pr-4">{user.role}</td>
          <td className="py-2">
            {/* The spec offers delete only on customers' rows; the server refuses admins too. */}
            {isCustomerRole(user.role) && (
              <DeleteButton
                label={`Delete ${user.email}`}
                disabled={!canAct}
                onClick={() => deleteUser(user)}
              />
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
