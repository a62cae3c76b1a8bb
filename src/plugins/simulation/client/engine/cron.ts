/**
 * The next run of a cron schedule (writer's reference B20, "Schedule
 * syntax"): five fields in UTC, with lists, ranges, steps and names, and the
 * macros `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`. `@reboot` and a
 * turned-off job have no next run.
 */
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const NAMES: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

function field(text: string, min: number, max: number): Set<number> {
  const out = new Set<number>();
  for (const part of text.toLowerCase().split(',')) {
    const [range, stepText] = part.split('/') as [string, string | undefined];
    const step = stepText ? Number(stepText) : 1;
    const value = (v: string) => NAMES[v] ?? Number(v);
    const [from, to] = range === '*' ? [min, max] : range.includes('-') ? range.split('-').map(value) : [value(range), stepText ? max : value(range)];
    for (let v = from!; v <= to!; v += step) out.add(v === 7 && max === 7 ? 0 : v);
  }
  return out;
}

/** The next time (ms) after `after` that the schedule runs, or null. */
export function nextRun(schedule: string, after: number): number | null {
  const text = MACROS[schedule.trim()] ?? schedule.trim();
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return null;
  const [minutes, hours, days, months, weekdays] = [
    field(parts[0]!, 0, 59),
    field(parts[1]!, 0, 23),
    field(parts[2]!, 1, 31),
    field(parts[3]!, 1, 12),
    field(parts[4]!, 0, 7),
  ];
  const anyDay = parts[2] === '*';
  const anyWeekday = parts[4] === '*';
  const t = new Date(Math.floor(after / 60000) * 60000 + 60000);
  for (let i = 0; i < 366 * 24 * 60; i++) {
    const dayOk =
      anyDay && anyWeekday
        ? true
        : anyDay
          ? weekdays.has(t.getUTCDay())
          : anyWeekday
            ? days.has(t.getUTCDate())
            : days.has(t.getUTCDate()) || weekdays.has(t.getUTCDay());
    if (months.has(t.getUTCMonth() + 1) && dayOk && hours.has(t.getUTCHours()) && minutes.has(t.getUTCMinutes())) return t.getTime();
    t.setTime(t.getTime() + 60000);
  }
  return null;
}
