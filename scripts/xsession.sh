#!/usr/bin/env bash
# A real X session for trying the client by hand without a screen: Xvfb on :99 with the openbox
# window manager (so closing, resizing and full screen go through a real window manager), Mesa's
# software Vulkan, and helpers to drive a real mouse and keyboard with xdotool and capture the
# screen. Needs: apt-get install xvfb openbox wmctrl xdotool x11-apps imagemagick
#
#   source scripts/xsession.sh
#   xstart                                  # Xvfb + openbox on :99
#   "$BIN" --game konane &                  # the client, as a player would run it
#   xdotool mousemove 566 362 click 1       # a real click on the board
#   xdotool key F11                         # full screen; wmctrl -c Parlour closes the window
#   shot konane-after-click                 # the screen as /tmp/xsession/konane-after-click.png
#
# Frames take one to two seconds under software rendering: wait a few seconds between actions
# and about 45 s after launch for the pipelines.
export DISPLAY=:99
export VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}
export PARLOUR_DATA_DIR=${PARLOUR_DATA_DIR:-/tmp/xsession/data}
BIN=${CARGO_TARGET_DIR:-$HOME/.cache/parlour-target}/debug/parlour
mkdir -p /tmp/xsession
xstart() {
    pgrep -f "Xvfb :99" >/dev/null || (Xvfb :99 -screen 0 1280x800x24 >/tmp/xsession/xvfb.log 2>&1 &)
    sleep 1
    pgrep -x openbox >/dev/null || (openbox >/tmp/xsession/openbox.log 2>&1 &)
    sleep 1
}
shot() { xwd -root -silent | convert xwd:- "/tmp/xsession/$1.png" && echo "/tmp/xsession/$1.png"; }
