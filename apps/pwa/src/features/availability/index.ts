export { AvailabilityCard } from './AvailabilityCard';
