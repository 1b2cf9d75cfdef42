#!/usr/bin/env node
/** The `kindred` executable: runs the command-line dispatcher, from its bundle when `make build` made one that is up to date. */
import { cliEntry } from './cli-entry.js';

await import(cliEntry().href);
