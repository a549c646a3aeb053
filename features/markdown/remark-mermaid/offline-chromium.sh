#!/bin/sh
# Starts the Chromium named by STOCKPAY_CHROMIUM in a network namespace of its
# own (renderer.js): no interface is up there, not even loopback, so the
# diagram page has no network whatever its flags or routes say. unshare
# replaces this shell, so the browser keeps the pipes Playwright passed.
exec unshare --net --map-root-user -- "$STOCKPAY_CHROMIUM" "$@"
