#!/usr/bin/env python3
"""Whole-process wall times of several commands, run in turn, round after round.

    python3 scripts/interleave.py ROUNDS 'CMD1 ARGS' 'CMD2 ARGS' ...

Prints each command's median, first quartile and minimum in milliseconds. The VMs' speed
drifts by half over minutes; one command timed after another (as hyperfine does) can land in
different speeds, while interleaving keeps a comparison within one. A leading NAME=VALUE
word sets an environment variable for that command. Exits 1 when a command fails.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time

if len(sys.argv) < 3:
    sys.exit(__doc__)
rounds = int(sys.argv[1])
commands = [shlex.split(c) for c in sys.argv[2:]]
times = [[] for _ in commands]
for _ in range(rounds):
    for i, words in enumerate(commands):
        env = dict(os.environ)
        while words and "=" in words[0] and not words[0].startswith("/"):
            key, value = words[0].split("=", 1)
            env[key] = value
            words = words[1:]
        start = time.perf_counter_ns()
        done = subprocess.run(words, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times[i].append((time.perf_counter_ns() - start) / 1e6)
        if done.returncode != 0:
            sys.exit(f"interleave: {sys.argv[2 + i]} exited {done.returncode}")
for command, measured in zip(sys.argv[2:], times):
    measured.sort()
    print(f"median {statistics.median(measured):7.2f}  p25 {measured[len(measured) // 4]:7.2f}  "
          f"min {measured[0]:7.2f} ms  {command}")
