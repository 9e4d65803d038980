export * from './AdminPage';
export * from './Alert';
export * from './Button';
export * from './Card';
export * from './ChartFigure';
export * from './ConfirmDialog';
export * from './cn';
export * from './DataTable';
export * from './Disclosure';
export * from './Drawer';
export * from './data-columns';
export * from './Field';
export * from './icons';
export * from './LazyModal';
export * from './Menu';
export * from './Modal';
export * from './NotificationCard';
export * from './Pager';
export * from './PatientImage';
export * from './ProfileAvatar';
export * from './SearchBox';
// SortableList (drag and drop, @dnd-kit) is imported from '@simvisit/ui/sortable-list': through this index it was part
// of every page's first JavaScript (decision 0085).
export * from './Spinner';
export * from './SwitchField';
export * from './safe-urls';
export * from './Tabs';
export * from './xlsx-export';
