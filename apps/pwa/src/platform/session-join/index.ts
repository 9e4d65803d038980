/** Joining a session (visits, interviews, training sessions): one panel for the join window (decision 0060). */
export { SessionJoinPanel, type SessionJoinPanelProps } from './SessionJoinPanel';
