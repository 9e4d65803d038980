import { ReviewerDashboard } from '../ReviewerDashboard';

export default function ReviewerView() {
  return <ReviewerDashboard />;
}
