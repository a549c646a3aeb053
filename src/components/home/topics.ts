import type { IconName } from '../Icon';

/** The 17 topics the home page lists (SPEC section 1), in order, each with its icon. */
export const TOPICS = [
  { key: 'inventoryManagement', icon: 'box' },
  { key: 'stockControl', icon: 'layers' },
  { key: 'productManagement', icon: 'tag' },
  { key: 'invoiceProcessing', icon: 'invoice' },
  { key: 'customerManagement', icon: 'users' },
  { key: 'supplierManagement', icon: 'truck' },
  { key: 'vendorManagement', icon: 'briefcase' },
  { key: 'orderFulfillment', icon: 'clipboardCheck' },
  { key: 'paymentProcessing', icon: 'card' },
  { key: 'bitcoinPayments', icon: 'bitcoin' },
  { key: 'salesTracking', icon: 'chart' },
  { key: 'serviceManagement', icon: 'wrench' },
  { key: 'deliveryManagement', icon: 'truck' },
  { key: 'userRoles', icon: 'shield' },
  { key: 'inventoryAnalytics', icon: 'pie' },
  { key: 'warehouseManagement', icon: 'warehouse' },
  { key: 'realTimeTracking', icon: 'activity' },
] as const satisfies readonly { key: string; icon: IconName }[];
