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
      {/* Not an aside: the docs sidebar is the page's one complementary landmark; the panel is a named region (its section). */}
      <div className="ld-practice__world">
        <SimulationWorld project={project} />
      </div>
    </div>
  );
}
