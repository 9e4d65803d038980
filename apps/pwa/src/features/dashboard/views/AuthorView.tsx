import { AuthorDashboard } from '../AuthorDashboard';

export default function AuthorView() {
  return <AuthorDashboard />;
}
