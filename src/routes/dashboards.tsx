import { DashboardLayout, type DashboardTab } from './dashboard-layout.tsx';

const USER_TABS: readonly DashboardTab[] = [
  { to: '/user-dashboard/profile', label: 'Profile' },
  { to: '/user-dashboard/my-cart', label: 'My cart' },
  { to: '/user-dashboard/my-order', label: 'My order' },
];
const ADMIN_TABS: readonly DashboardTab[] = [
  { to: '/admin/profile', label: 'Profile' },
  { to: '/admin/manage-users', label: 'Manage users' },
  { to: '/admin/add-items', label: 'Add items' },
  { to: '/admin/manage-items', label: 'Manage items' },
  { to: '/admin/manage-orders', label: 'Manage orders' },
  { to: '/admin/promotions', label: 'Promotions' },
  { to: '/admin/kitchen', label: 'Kitchen' },
  { to: '/admin/delivery', label: 'Delivery' },
  { to: '/admin/hours', label: 'Hours' },
  { to: '/admin/reservations', label: 'Reservations' },
  { to: '/admin/tables', label: 'Tables' },
];

export function UserDashboard() {
  return <DashboardLayout title="User Dashboard" tabs={USER_TABS} />;
}

export function AdminDashboard() {
  return <DashboardLayout title="Admin Dashboard" tabs={ADMIN_TABS} homeButton />;
}

/** /user-dashboard and /admin themselves: a pointer to the tabs. */
export function DashboardHome() {
  return <p className="text-lg">Choose a section above to get started.</p>;
}
