/**
 * The quick start's layout: the steps, and beside them (below them on a
 * phone, where it stays at the bottom of the screen) the simulated world as
 * it stands.
 */
import React, {type ReactNode} from 'react';
import SimulationWorld from './SimulationWorld';

export interface QuickStartProps {
  /** The page's example ID of the project its first step creates. */
  project: string;
  children: ReactNode;
}

export default function QuickStart({project, children}: QuickStartProps): ReactNode {
  return (
    <div className="ld-practice">
      <div className="ld-practice__steps">{children}</div>
      <aside className="ld-practice__world" aria-label="Your simulated world">
        <SimulationWorld project={project} />
      </aside>
    </div>
  );
}
