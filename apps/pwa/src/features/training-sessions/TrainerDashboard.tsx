import { ROLE } from '@simvisit/schema';
import { Tabs } from '@simvisit/ui';
import { FinancialOverviewCard } from '../financial';
import { ScheduleTrainingSessionForm } from './ScheduleTrainingSessionForm';
import { TrainingSessionSection } from './TrainingSessionSection';

/**
 * The trainer dashboard, also the head trainer's (spec 000 §2.12): Scheduled and Completed tabs with the
 * trainer's own sessions, the Schedule a Training Session form and the financial overview beside them. (The head trainer's interviews
 * come with recruitment.)
 */
export function TrainerDashboard() {
  // The trainer view is shown only to holders of the head trainer role (spec 000 §6), whose lists are their own.
  const role = ROLE.head_trainer;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0">
        <Tabs
          label="Trainer training sessions"
          items={[
            { value: 'Scheduled', label: 'Scheduled', content: <TrainingSessionSection role={role} type="scheduled_training_sessions" /> },
            {
              value: 'Completed',
              label: 'Completed',
              content: (
                <div className="space-y-8">
                  <TrainingSessionSection role={role} type="completed_training_sessions" />
                  <TrainingSessionSection role={role} type="canceled_training_sessions" />
                </div>
              ),
            },
          ]}
        />
      </div>
      <div className="space-y-6">
        <aside aria-label="Schedule">
          <ScheduleTrainingSessionForm />
        </aside>
        {/* The trainer's own figures (spec 000 §2.12): sessions run and interviews held. */}
        <FinancialOverviewCard />
      </div>
    </div>
  );
}
