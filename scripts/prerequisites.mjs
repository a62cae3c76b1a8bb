#!/usr/bin/env node
/**
 * What the tests need besides Node's packages, checked before anything runs:
 * Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium), nginx
 * (NGINX_PATH, else /usr/sbin/nginx) and its brotli module (optional: without
 * it the nginx tests check gzip only), and the Liberation fonts the visual
 * test draws every page with.
 *
 *   node scripts/prerequisites.mjs   # `npm test` and .ci/run start with it
 *
 * What is missing is installed with apt-get when this runs as root on
 * Debian or Ubuntu (as on CI); otherwise it stops at once, in a second or
 * two, with the one command that installs it (LAUNCHDECK_NO_INSTALL=1: never
 * install). Only Node's own modules: it runs before `npm ci`.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';

/** The Debian package of each prerequisite, and whether the tests can do without it. */
const NEEDS = [
  {
    name: 'Chromium',
    found: () => fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    packages: ['chromium'],
    otherwise: 'or set CHROMIUM_PATH to any Chromium or Chrome binary',
  },
  {
    name: 'the Liberation fonts',
    found: () => commandOutput('fc-list', [':family=Liberation Sans']).includes('Liberation'),
    packages: ['fonts-liberation', 'fontconfig'],
    otherwise: 'elsewhere, install Liberation Sans and Liberation Mono: the visual test draws every page with them',
  },
  {
    name: 'nginx',
    found: () => fs.existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx'),
    packages: ['nginx'],
    otherwise: 'or set NGINX_PATH to any nginx binary',
  },
  {
    name: "nginx's brotli module",
    found: () => Boolean(process.env.NGINX_PATH) || fs.existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so'),
    packages: ['libnginx-mod-http-brotli-filter'],
    optional: 'without it the nginx tests check gzip only',
  },
];

/** @param {string} command @param {string[]} args */
function commandOutput(command, args) {
  try {
    return execFileSync(command, args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
  } catch {
    return '';
  }
}

/** Root on Debian or Ubuntu, unless LAUNCHDECK_NO_INSTALL is set (the prerequisites' own test). */
const canInstall = () =>
  !process.env.LAUNCHDECK_NO_INSTALL &&
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  commandOutput('sh', ['-c', 'command -v apt-get']).trim() !== '';

/** @param {string[]} packages */
function aptInstall(packages) {
  const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'};
  try {
    execFileSync('apt-get', ['update', '-qq'], {stdio: 'inherit', env});
  } catch {
    console.error('prerequisites: apt-get update failed; trying with the package lists this machine has.');
  }
  for (const pkg of packages) {
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', pkg], {stdio: ['ignore', 'ignore', 'inherit'], env});
    } catch {
      console.error(`prerequisites: apt-get could not install ${pkg}.`);
    }
  }
}

let missing = NEEDS.filter((need) => !need.found());
if (missing.length > 0 && canInstall()) {
  const packages = missing.flatMap((need) => need.packages);
  console.error(`prerequisites: installing ${packages.join(' ')} (${missing.map((need) => need.name).join(', ')}).`);
  aptInstall(packages);
  missing = NEEDS.filter((need) => !need.found());
}
for (const need of missing.filter((n) => n.optional)) console.error(`prerequisites: ${need.name} is missing: ${need.optional}.`);
const required = missing.filter((need) => !need.optional);
if (required.length > 0) {
  console.error(`prerequisites: the tests need ${required.map((need) => need.name).join(', ')}, which this machine lacks. On Debian or Ubuntu, run:\n`);
  console.error(`  sudo apt-get install -y ${missing.flatMap((need) => need.packages).join(' ')}\n`);
  for (const need of required) if (need.otherwise) console.error(`  (${need.name}: ${need.otherwise})`);
  process.exit(1);
}
