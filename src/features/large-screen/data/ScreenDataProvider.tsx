// One scheduler per mounted screen: the body wraps its panels in this provider; unmounting the screen
// aborts its requests, stops its timers and closes its stream.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ScreenScheduler, type SchedulerDeps } from './scheduler';

const SchedulerContext = createContext<ScreenScheduler | null>(null);

export function ScreenDataProvider({ children, deps }: { children: ReactNode; deps?: SchedulerDeps }) {
  const [scheduler] = useState(() => new ScreenScheduler(deps));
  useEffect(() => {
    scheduler.start();
    return () => scheduler.dispose();
  }, [scheduler]);
  return <SchedulerContext.Provider value={scheduler}>{children}</SchedulerContext.Provider>;
}

export function useScreenScheduler(): ScreenScheduler {
  const scheduler = useContext(SchedulerContext);
  if (!scheduler) throw new Error('useScreenSource must be used inside <ScreenDataProvider>');
  return scheduler;
}
