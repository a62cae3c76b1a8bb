/**
 * A task page as the docs runner reads it: the permissions "Before you begin"
 * names and its other prerequisites, the API calls of "Steps" and of "Check
 * the result" in order (curl commands, with the status, the JSON and the
 * fields the page says each one answers), and the troubleshooting entries
 * (cause and fix). Line numbers are the Markdown file's, so that a finding
 * points at the line to change.
 */
import type {Json} from '../client/engine/types';
import {replaceUrlTokens} from '../../../utils/productUrls';

export interface Expectation {
  status?: number;
  /** The JSON the page shows for the response, and whether it says it is shortened. */
  json?: Json;
  shortened?: boolean;
  /** Fields the prose states: `"status": "running"` (several values of one key: any of them). */
  members: Array<{key: string; values: Json[]}>;
  /** IDs the prose says the response no longer holds. */
  absent: string[];
  /** The error code the prose names. */
  errorCode?: string;
  /** Where the page states it. */
  line: number;
}

export interface Call {
  kind: 'call';
  line: number;
  /** The H2 and H3 it is under. */
  section: string;
  heading: string;
  method: string;
  /** The path after %API_URL%, with its query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Sends `$LAUNCHDECK_TOKEN`, another token, or none. */
  token: 'env' | 'none' | 'literal' | 'subject';
  expect: Expectation;
  /** Why the runner can't send it as written (shell variables, placeholders). */
  unrunnable?: string;
}

/** Something the reader does outside the API that the simulation stands in for: running a bootstrap command. */
export interface Event {
  kind: 'agent';
  line: number;
  section: string;
  heading: string;
  token: string;
}

export interface Trouble {
  title: string;
  line: number;
  cause: {text: string; line: number};
  fix: {text: string; line: number};
}

export interface RunPage {
  file: string;
  rel: string;
  /** The permissions the permission line and "Before you begin" name. */
  permissions: string[];
  /** The permission line: it names permissions, says the task is on your own account, or on a webhook URL. */
  permissionKind: 'named' | 'account' | 'hook' | 'missing';
  permissionLine: number;
  prerequisites: Array<{text: string; line: number}>;
  steps: Array<Call | Event>;
  checks: Array<Call | Event>;
  /** The text of "Check the result", without its code. */
  checkText: string;
  checkLine: number;
  troubles: Trouble[];
}

interface Block {
  lang: string;
  title: string;
  content: string;
  line: number;
}

/** Splits a shell command into words, with quotes as the shell reads them. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | null = null;
  let any = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && /["\\$`]/.test(command[i + 1] ?? '')) word += command[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      any = true;
    } else if (c === '\\' && command[i + 1] === '\n') {
      i++;
    } else if (/\s/.test(c)) {
      if (word || any) words.push(word);
      word = '';
      any = false;
    } else {
      word += c;
    }
  }
  if (word || any) words.push(word);
  return words;
}

/** Whether a command uses shell variables (other than the token) where the shell expands them: outside single quotes. */
function expands(command: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (c === "'" && !quote) quote = c;
    else if (c === '"') quote = quote ? null : '"';
    else if (c === '\\') i++;
    else if (c === '$' && /[({A-Za-z_]/.test(command[i + 1] ?? '') && !/^\$\{?LAUNCHDECK_TOKEN\b/.test(command.slice(i))) return true;
  }
  return false;
}

/** The API calls of a bash block's curl commands. */
export function curlCalls(content: string, line: number): Array<Omit<Call, 'section' | 'heading' | 'expect'>> {
  const out: Array<Omit<Call, 'section' | 'heading' | 'expect'>> = [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/\bcurl\b/.test(lines[i]!)) continue;
    let command = lines[i]!;
    let j = i;
    while (/\\\s*$/.test(lines[j]!) && j + 1 < lines.length) command += `\n${lines[++j]!}`;
    // A body in single quotes can span lines without backslashes.
    while ((command.split("'").length - 1) % 2 === 1 && j + 1 < lines.length) command += `\n${lines[++j]!}`;
    const start = line + 1 + i;
    i = j;
    if (!command.includes('%API_URL%')) continue;
    const words = shellWords(command.slice(command.indexOf('curl')));
    let method = 'GET';
    let url = '';
    let body: string | undefined;
    const headers: Record<string, string> = {};
    for (let w = 1; w < words.length; w++) {
      const word = words[w]!;
      if (word === '-X' || word === '--request') method = (words[++w] ?? 'GET').toUpperCase();
      else if (word === '-H' || word === '--header') {
        const header = words[++w] ?? '';
        const colon = header.indexOf(':');
        if (colon > 0) headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
      } else if (/^(?:-d|--data|--data-raw|--data-binary)$/.test(word)) body = words[++w];
      else if (word.includes('%API_URL%')) url = word;
      else if (/^-/.test(word) && !/^-(?:s|S|f|i|I|L|v|fsSL|sS|fsS|-fail|-silent|-show-error|-include)$/.test(word)) {
        // An option with a value the runner doesn't need (-o file, -w format).
        if (/^-(?:o|w|-output|-write-out|-max-time|m)$/.test(word)) w++;
      }
    }
    if (body !== undefined && method === 'GET') method = 'POST';
    // The path after the API's URL token (read, as src/plugins/api-reference/calls.ts reads it; never replaced here).
    const path = /%API_URL%(.*)$/.exec(url)?.[1] ?? '';
    const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    const token = !authorization ? 'none' : /\$\{?LAUNCHDECK_TOKEN\}?/.test(authorization) ? 'env' : 'literal';
    const unrunnable = expands(command) ? 'it uses shell variables' : /<[a-z_]+>|\{[a-z_]+_id\}/.test(path) ? 'its path has placeholders' : undefined;
    out.push({kind: 'call', line: start, method, path, headers, ...(body !== undefined ? {body} : {}), token, ...(unrunnable ? {unrunnable} : {})});
  }
  return out;
}

const MEMBER = /`"([a-z][a-z0-9_]*)":\s*([^`]+?)`/g;

/** What the prose after a call says its response holds. */
export function prose(text: string, line: number): Expectation {
  const expect: Expectation = {members: [], absent: [], line};
  // Conditional sentences ("If it still returns 403, …") describe another case.
  // Sentences about another case or another time ("If …", "After `current_period_end`, …") say nothing about this answer; "After the
  // removal finishes" is when a check is made.
  const sentences = text.split(/(?<=[.:])\s+(?=[A-Z`])/).filter(
    (s) =>
      !/^\s*(?:If|When|Otherwise|Until|Before|Later|For an?)\b/.test(s) &&
      !/^\s*After\b(?![^,]*\b(?:finish(?:es|ed)?|succeed(?:s|ed)?|complete[sd]?|done|end(?:s|ed)?)\b)/.test(s) &&
      // "A cron job that is turned off has …": a rule about other objects; "From your computer, `curl -I …`": not the API.
      !/^\s*An? [a-z]+(?: [a-z]+)? (?:that|which|whose)\b/.test(s) &&
      !/\byour computer\b|\bbrowser\b|`curl -I/.test(s),
  );
  const plain = sentences.join(' ');
  // The status the API answers this call with: "The API returns `404 Not Found`", "It returns `200 OK`".
  const status = /\b(?:the API|it)\s+(?:then\s+|still\s+)?(?:returns|answers(?: with)?)\s+`(\d{3})(?: [A-Za-z ]+)?`/i.exec(plain);
  if (status) expect.status = Number(status[1]);
  const code = /\berror(?: code)? `([a-z][a-z_]+)`/.exec(plain);
  if (code) expect.errorCode = code[1];
  // Fields only from sentences that say what comes back, not from instructions ("send `"scope": "server"`").
  const saying = sentences
    .filter((x) => /\b(?:response|returns?|answers?|contains?|shows?|lists?|has|is now)\b/i.test(x) && !/\b(?:send|set|enter|leave out|add|use)\b\s/i.test(x))
    .join(' ');
  for (const m of saying.matchAll(MEMBER)) {
    let value: Json;
    try {
      value = JSON.parse(m[2]!) as Json;
    } catch {
      continue;
    }
    const found = expect.members.find((e) => e.key === m[1]);
    if (found) found.values.push(value);
    else expect.members.push({key: m[1]!, values: [value]});
  }
  for (const m of plain.matchAll(
    /\b(?:no longer (?:contains|lists|has)|doesn't (?:contain|list)|does not (?:contain|list))\b[^.]*?`([a-z]+_[A-Za-z0-9]{4,})`/g,
  ))
    expect.absent.push(m[1]!);
  return expect;
}

function blocksAndText(lines: string[], from: number, to: number): Array<{block?: Block; text?: string; line: number}> {
  const out: Array<{block?: Block; text?: string; line: number}> = [];
  let text: string[] = [];
  let textLine = from + 1;
  const flush = () => {
    if (text.join('').trim()) out.push({text: text.join('\n'), line: textLine});
    text = [];
  };
  for (let i = from; i < to; i++) {
    const open = /^(\s*)(```+|~~~+)(\w*)(.*)$/.exec(lines[i]!);
    if (open) {
      flush();
      const fence = open[2]!;
      const start = i;
      const content: string[] = [];
      for (i++; i < to && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[i]!); i++) content.push(lines[i]!.slice(open[1]!.length));
      const title = /title="([^"]*)"/.exec(open[4] ?? '')?.[1] ?? '';
      out.push({block: {lang: open[3] ?? '', title, content: content.join('\n'), line: start + 1}, line: start + 1});
      textLine = i + 2;
      continue;
    }
    if (!text.length) textLine = i + 1;
    text.push(lines[i]!);
  }
  flush();
  return out;
}

const SUBJECT_TOKEN = /\b(?:the (?:new|revoked|rotated|old) (?:token|secret)|still set to the revoked|use it to|with the new token)\b/i;

/** The calls and events of a section, each with what the page says it answers. */
function callsIn(lines: string[], from: number, to: number, section: string): Array<Call | Event> {
  const out: Array<Call | Event> = [];
  let heading = section;
  let last: Call | undefined;
  let said = '';
  for (const part of blocksAndText(lines, from, to)) {
    if (part.text !== undefined) {
      said = part.text;
      const h3 = /^#{3,4}\s+(.+)$/m.exec(part.text);
      if (h3) heading = h3[1]!;
      if (last) {
        const more = prose(part.text, part.line);
        last.expect.status ??= more.status;
        last.expect.errorCode ??= more.errorCode;
        last.expect.members.push(...more.members);
        last.expect.absent.push(...more.absent);
        if (more.status || more.members.length) last.expect.line = more.line;
      }
      // A new heading or a new procedure ends what the last call's prose can say.
      if (h3) last = undefined;
      continue;
    }
    const block = part.block!;
    if (/^(?:bash|shell|sh|console)$/.test(block.lang)) {
      const token = /\/agent\/install\.sh[\s\S]*--token\s+(ldboot_[A-Za-z0-9]+)/.exec(block.content)?.[1];
      if (token) {
        out.push({kind: 'agent', line: block.line, section, heading, token});
        last = undefined;
        continue;
      }
      const calls = curlCalls(block.content, block.line);
      for (const call of calls) {
        const full: Call = {...call, section, heading, expect: {members: [], absent: [], line: call.line}};
        // "Use it to get your own user", "with LAUNCHDECK_TOKEN still set to the revoked secret": the page's own token.
        if (full.token === 'env' && SUBJECT_TOKEN.test(said)) full.token = 'subject';
        out.push(full);
        last = full;
      }
    } else if (block.lang === 'json' && last && last.expect.json === undefined && !/^(?:Event|Error)\b/.test(block.title)) {
      try {
        // As readers see it: with the product URLs in place of their tokens (a webhook's URL).
        last.expect.json = JSON.parse(replaceUrlTokens(block.content)) as Json;
        last.expect.shortened = /shortened/i.test(block.title);
      } catch {
        // The content tests report JSON that doesn't parse.
      }
    }
  }
  return out;
}

/** The line range of each `## ` section, outside code blocks. */
function sections(lines: string[]): Map<string, {from: number; to: number}> {
  const out = new Map<string, {from: number; to: number}>();
  let fence: string | null = null;
  let current: string | null = null;
  let start = 0;
  lines.forEach((line, i) => {
    const open = /^\s*(```+|~~~+)/.exec(line);
    if (open) fence = fence ? (line.trim().startsWith(fence) ? null : fence) : open[1]!;
    if (fence || !/^## /.test(line)) return;
    if (current) out.set(current, {from: start, to: i});
    current = line.slice(3).trim();
    start = i + 1;
  });
  if (current) out.set(current, {from: start, to: lines.length});
  return out;
}

const PERMISSION = /`([a-z_]+:[a-z_]+)`/g;

export function readPage(file: string, raw: string): RunPage {
  const lines = raw.split('\n');
  const parts = sections(lines);
  const range = (name: string) => parts.get(name) ?? {from: lines.length, to: lines.length};
  const before = range('Before you begin');
  const beforeText = lines.slice(before.from, before.to);
  const permissionIndex = beforeText.findIndex((l) => /^\*\*Required permissions?:\*\*/.test(l));
  const permissionText = permissionIndex >= 0 ? beforeText[permissionIndex]! : '';
  const permissionKind =
    permissionIndex < 0 ? 'missing' : /none\. Anyone with the webhook URL/.test(permissionText) ? 'hook' : /none\./.test(permissionText) ? 'account' : 'named';
  const named = new Set([...beforeText.join('\n').matchAll(PERMISSION)].map((m) => m[1]!));
  const prerequisites: RunPage['prerequisites'] = [];
  beforeText.forEach((l, i) => {
    const item = /^\s*[-*]\s+(.*)$/.exec(l);
    if (item) prerequisites.push({text: item[1]!, line: before.from + i + 1});
    else if (prerequisites.length && /^\s{2,}\S/.test(l)) prerequisites.at(-1)!.text += ` ${l.trim()}`;
  });
  const check = range('Check the result');
  const NOT_STEPS = new Set(['Before you begin', 'Check the result', 'Troubleshooting', 'Related pages', 'Next steps']);
  const trouble = range('Troubleshooting');
  const troubles: Trouble[] = [];
  let currentTrouble: Trouble | undefined;
  let target: 'cause' | 'fix' | undefined;
  for (let i = trouble.from; i < trouble.to; i++) {
    const l = lines[i]!;
    const h3 = /^### (.+)$/.exec(l);
    if (h3) {
      currentTrouble = {title: h3[1]!, line: i + 1, cause: {text: '', line: i + 1}, fix: {text: '', line: i + 1}};
      troubles.push(currentTrouble);
      target = undefined;
      continue;
    }
    if (!currentTrouble) continue;
    if (/^\*\*Cause:\*\*/.test(l)) {
      target = 'cause';
      currentTrouble.cause = {text: l.replace(/^\*\*Cause:\*\*\s*/, ''), line: i + 1};
    } else if (/^\*\*Fix:\*\*/.test(l)) {
      target = 'fix';
      currentTrouble.fix = {text: l.replace(/^\*\*Fix:\*\*\s*/, ''), line: i + 1};
    } else if (target && l.trim()) currentTrouble[target].text += ` ${l.trim()}`;
  }
  return {
    file,
    rel: file.replace(/^docs\//, ''),
    permissions: [...named],
    permissionKind,
    permissionLine: permissionIndex >= 0 ? before.from + permissionIndex + 1 : before.from,
    prerequisites,
    // A task page's "Steps"; a tutorial's numbered sections ("1. Add a project"), in order.
    steps: [...parts].filter(([name]) => !NOT_STEPS.has(name)).flatMap(([name, r]) => callsIn(lines, r.from, r.to, name)),
    checks: callsIn(lines, check.from, check.to, 'Check the result'),
    checkText: lines
      .slice(check.from, check.to)
      .join('\n')
      .replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1\s*$/gm, ''),
    checkLine: check.from,
    troubles,
  };
}
