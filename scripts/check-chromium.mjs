#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium; browsers are never downloaded.
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  console.error(
    `Chromium not found at ${path}: install it with 'sudo apt-get update && sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
