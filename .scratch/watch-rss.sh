#!/bin/bash
# usage: watch-rss.sh <args to mgmt-kit serve>
node bin/mgmt-kit.js serve --port 0 --quiet --jwt-secret s "$@" > /tmp/h3/serve.out 2>&1 &
pid=$!
for i in $(seq 1 ${N:-12}); do sleep 1; echo -n "$(grep VmRSS /proc/$pid/status | awk '{print int($2/1024)}') "; done; echo
kill $pid; wait $pid 2>/dev/null
