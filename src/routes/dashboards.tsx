import { DashboardLayout, type DashboardSection } from './dashboard-layout.tsx';

const USER_SECTIONS: readonly DashboardSection[] = [
  {
    tabs: [
      { to: '/user-dashboard/profile', label: 'Profile' },
      { to: '/user-dashboard/my-cart', label: 'My cart' },
      { to: '/user-dashboard/my-order', label: 'My order' },
    ],
  },
];
/**
 * The admin's pages by the work they are for: the day's service, the menu, the shop's settings. The
 * kitchen is a full screen of its own; its tab opens it, New order (a phone order) is under it.
 */
const ADMIN_SECTIONS: readonly DashboardSection[] = [
  { title: 'Overview', tabs: [{ to: '/admin', label: 'Today', exact: true }] },
  {
    title: 'Service',
    tabs: [
      { to: '/admin/kitchen', label: 'Kitchen', exact: true },
      { to: '/admin/kitchen/new-order', label: 'New order' },
      { to: '/admin/manage-orders', label: 'Manage orders' },
      { to: '/admin/reservations', label: 'Reservations' },
      { to: '/admin/tables', label: 'Tables' },
    ],
  },
  {
    title: 'Menu',
    tabs: [
      { to: '/admin/manage-items', label: 'Manage items' },
      { to: '/admin/add-items', label: 'Add items' },
      { to: '/admin/promotions', label: 'Promotions' },
    ],
  },
  {
    title: 'Shop',
    tabs: [
      { to: '/admin/hours', label: 'Hours' },
      { to: '/admin/delivery', label: 'Delivery' },
      { to: '/admin/manage-users', label: 'Manage users' },
      { to: '/admin/profile', label: 'Profile' },
    ],
  },
];

export function UserDashboard() {
  return <DashboardLayout title="User Dashboard" sections={USER_SECTIONS} />;
}

export function AdminDashboard() {
  return <DashboardLayout title="Admin Dashboard" sections={ADMIN_SECTIONS} homeButton />;
}

/** /user-dashboard and /admin themselves: a pointer to the tabs. */
export function DashboardHome() {
  return <p className="text-lg">Choose a section above to get started.</p>;
}
