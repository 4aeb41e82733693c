import { useGate, useUnit } from 'effector-react';
import { $phase, RecorderGate } from '../model/recorder';
import { LiveView } from './live-view';
import { RecorderForm } from './recorder-form';
import { RecorderOutcome } from './recorder-outcome';
import { ResumeNotice } from './resume-notice';
import './mobile-recorder.css';

/** The phone's recorder: the form, then the live recording, then its preservation; above, an earlier one being finished. */
export function MobileRecorder() {
  useGate(RecorderGate);
  const phase = useUnit($phase);
  const main =
    phase === 'form' || phase === 'starting' ? (
      <RecorderForm />
    ) : phase === 'recording' || phase === 'sending' ? (
      <LiveView />
    ) : (
      <RecorderOutcome />
    );
  return (
    <>
      <ResumeNotice />
      {main}
    </>
  );
}
