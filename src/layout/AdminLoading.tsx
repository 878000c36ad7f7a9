import { PendingIndicator, useInsideShell } from '../components/PendingIndicator';
import { KeepBootFrame } from './AdminBoot';

/**
 * react-admin's `loading` page. Before the shell (while it checks the session) it keeps the boot
 * chunk's loading frame, so the frame and cookie notice painted while the admin downloaded stay
 * put instead of blinking out (docs/performance.md); inside the shell, the delayed pending bar (ST-7).
 */
export const AdminLoading = () => (useInsideShell() ? <PendingIndicator /> : <KeepBootFrame />);
