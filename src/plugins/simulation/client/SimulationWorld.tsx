/**
 * The simulated world of the quick start as it stands: the project the reader
 * created and what is in it, with states that change as actions run. Shows
 * nothing until the reader runs a first step (the simulation loads then), or
 * the tab already has a simulated world.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import type {Obj} from './engine/types';
import {idFor, reset, simulation, started, whenLoaded} from './practice';
import type {BrowserSimulation} from './browser';

export interface SimulationWorldProps {
  /** The page's example ID of the project its first step creates. */
  project: string;
}

interface Row {
  kind: string;
  name: string;
  status?: string;
  detail?: string;
}

const STATUS_TONE: Record<string, string> = {
  running: 'ok',
  active: 'ok',
  valid: 'ok',
  deployed: 'ok',
  succeeded: 'ok',
  failed: 'error',
  invalid: 'error',
  unreachable: 'error',
};

function rows(sim: BrowserSimulation, projectId: string): Row[] | undefined {
  const project = sim.objects('project').find((p) => p.id === projectId);
  if (!project) return undefined;
  const envs = sim.objects('environment').filter((e) => e.project_id === projectId);
  const inProject = (o: Obj) => envs.some((e) => e.id === o.environment_id);
  const out: Row[] = [{kind: 'Project', name: String(project.name), detail: String(project.slug)}];
  for (const e of envs) out.push({kind: 'Environment', name: String(e.name), status: String(e.status)});
  for (const c of sim.objects('credential').filter(inProject)) out.push({kind: 'Credential', name: String(c.name), status: String(c.status)});
  for (const s of sim.objects('server').filter(inProject)) {
    out.push({kind: 'Server', name: String(s.name), status: String(s.status), ...(s.public_ipv4 ? {detail: String(s.public_ipv4)} : {})});
  }
  for (const a of sim.objects('application').filter(inProject)) out.push({kind: 'Application', name: String(a.name), status: String(a.status)});
  for (const l of sim.objects('link').filter(inProject)) {
    out.push({kind: 'Link', name: `${String((l.source as Obj).name)} → ${String((l.target as Obj).name)}`, status: String(l.status)});
  }
  const actions = sim.objects('action').filter(inProject);
  const last = actions.at(-1);
  if (last)
    out.push({
      kind: 'Last action',
      name: String(last.type),
      status: String(last.status),
      detail: `${String(last.step_count)} steps, ${String(last.credits_used)} credits`,
    });
  return out;
}

export default function SimulationWorld({project}: SimulationWorldProps): ReactNode {
  const [sim, setSim] = useState<BrowserSimulation>();
  const [, setVersion] = useState(0);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let live = true;
    const attach = (loaded: BrowserSimulation) => {
      if (!live) return;
      setSim(loaded);
      unsubscribe = loaded.subscribe(() => setVersion((v) => v + 1));
    };
    const stop = whenLoaded(attach);
    // Only a tab that already has a world loads the simulation now; otherwise the first run does.
    if (started()) void simulation();
    return () => {
      live = false;
      stop();
      unsubscribe?.();
    };
  }, []);
  // On a phone the panel is one line at the foot of the screen until the reader opens it.
  const [open, setOpen] = useState(false);
  const list = sim ? rows(sim, idFor(project)) : undefined;
  const latest = list?.at(-1);
  return (
    <section className={clsx('ld-world', open && 'ld-world--open')} aria-labelledby="ld-world-title">
      <div className="ld-world__head">
        <h2 id="ld-world-title" className="ld-world__title">
          Your simulated world
        </h2>
        <button
          type="button"
          className="button button--secondary button--sm ld-world__toggle"
          aria-expanded={open}
          aria-controls="ld-world-body"
          onClick={() => setOpen((value) => !value)}>
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {latest && (
        <p className="ld-world__summary">
          {list!.length} objects. {latest.kind}: {latest.name}
          {latest.status ? ` (${latest.status})` : ''}
        </p>
      )}
      <div id="ld-world-body" className="ld-world__body">
        {list ? (
          <ul className="ld-world__list">
            {list.map((row) => (
              <li key={`${row.kind} ${row.name}`} className="ld-world__row">
                <span className="ld-world__kind">{row.kind}</span>
                <span className="ld-world__name">{row.name}</span>
                {row.status && (
                  <span className={clsx('ld-world__status', STATUS_TONE[row.status] && `ld-world__status--${STATUS_TONE[row.status]}`)}>{row.status}</span>
                )}
                {row.detail && <span className="ld-world__detail">{row.detail}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ld-world__empty">
            Nothing yet. In step 1, choose <strong>API</strong> and select <strong>Run in the simulation</strong>: your project appears here, and so does
            everything you add to it.
          </p>
        )}
        {sim && (
          <button type="button" className="button button--secondary button--sm" onClick={() => void reset().then(() => setVersion((v) => v + 1))}>
            Reset simulation
          </button>
        )}
      </div>
    </section>
  );
}
