import { useGate, useUnit } from 'effector-react';
import { $phase, RecorderGate } from '../model/recorder';
import { LiveView } from './live-view';
import { RecorderForm } from './recorder-form';
import { RecorderOutcome } from './recorder-outcome';
import './mobile-recorder.css';

/** The phone's recorder: the form, then the live recording, then its preservation. */
export function MobileRecorder() {
  useGate(RecorderGate);
  const phase = useUnit($phase);
  if (phase === 'form' || phase === 'starting') return <RecorderForm />;
  if (phase === 'recording' || phase === 'sending') return <LiveView />;
  return <RecorderOutcome />;
}
