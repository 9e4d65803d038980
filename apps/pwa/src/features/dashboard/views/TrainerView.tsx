import { InterviewsCard } from '../../recruitment';
import { TrainerDashboard } from '../../training-sessions';

/** The trainer view (head trainers; spec 000 §2.12) and their interviews. */
export default function TrainerView() {
  return (
    <>
      <TrainerDashboard />
      <InterviewsCard />
    </>
  );
}
