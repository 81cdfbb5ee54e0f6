#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-dbus-activation.py: the desktop starts Rigplan over D-Bus.

    check-dbus-activation.py DESKTOP_FILE SERVICE_FILE RIGPLAN

Prints TAP.  The desktop file says DBusActivatable=true and is named after
the app id; the D-Bus service file owns that name and runs rigplan with
--gapplication-service.  Then, on a private session bus whose only
service is that file (its Exec pointed at the built RIGPLAN), a launcher's
org.freedesktop.Application.Activate call starts Rigplan, which opens its
window (exported on the bus), and app.quit ends it.  Needs a display
(the ui suite runs under xvfb-run)."""

import configparser
import os
import subprocess
import sys
import tempfile
import time

desktop_path, service_path, rigplan = sys.argv[1:4]
n = 0
failed = 0


def report(ok, what, detail=""):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok") + f" {n} {what}")
    if not ok:
        failed += 1
        if detail:
            print("# " + str(detail).replace("\n", "\n# "))


def read_keyfile(path, group):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return parser[group]


app_id = os.path.basename(desktop_path)[:-len(".desktop")]
desktop = read_keyfile(desktop_path, "Desktop Entry")
service = read_keyfile(service_path, "D-BUS Service")
report(desktop.get("DBusActivatable") == "true", "the desktop file is DBusActivatable")
report(service.get("Name") == app_id, f"the service owns {app_id}", service.get("Name"))
exec_line = service.get("Exec", "").split()
report(len(exec_line) == 2 and os.path.basename(exec_line[0]) == "rigplan" and
       os.path.isabs(exec_line[0]) and exec_line[1] == "--gapplication-service",
       "the service runs rigplan --gapplication-service", service.get("Exec"))

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    print(f"ok {n + 1} activation # SKIP no display")
    print(f"1..{n + 1}")
    sys.exit(1 if failed else 0)

object_path = "/" + app_id.replace(".", "/")
with tempfile.TemporaryDirectory() as tmp:
    services = os.path.join(tmp, "services")
    os.mkdir(services)
    with open(os.path.join(services, app_id + ".service"), "w", encoding="utf-8") as f:
        f.write(f"[D-BUS Service]\nName={app_id}\nExec={rigplan} --gapplication-service\n")
    conf = os.path.join(tmp, "session.conf")
    with open(conf, "w", encoding="utf-8") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir={tmp}</listen>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""")
    env = dict(os.environ, GTK_A11Y="none")
    daemon = subprocess.Popen(["dbus-daemon", "--config-file", conf, "--nofork",
                               "--print-address=1"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        env["DBUS_SESSION_BUS_ADDRESS"] = daemon.stdout.readline().strip()

        def gdbus(*args, timeout=30):
            return subprocess.run(["gdbus", "call", "--session", *args], capture_output=True,
                                  text=True, env=env, timeout=timeout)

        def has_owner():
            r = gdbus("--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                      "--method", "org.freedesktop.DBus.NameHasOwner", app_id)
            return "true" in r.stdout

        report(not has_owner(), "nobody owns the name before activation")
        r = gdbus("--dest", app_id, "--object-path", object_path,
                  "--method", "org.freedesktop.Application.Activate", "{}", timeout=60)
        report(r.returncode == 0, "Activate starts rigplan through the service file", r.stderr)
        window = None
        for _ in range(100):
            r = subprocess.run(["gdbus", "introspect", "--session", "--dest", app_id,
                                "--object-path", object_path + "/window/1"],
                               capture_output=True, text=True, env=env, timeout=30)
            if r.returncode == 0 and "org.gtk.Actions" in r.stdout:
                window = r.stdout
                break
            time.sleep(0.1)
        report(window is not None, "the activated rigplan opens its window")
        r = gdbus("--dest", app_id, "--object-path", object_path,
                  "--method", "org.gtk.Actions.Activate", "quit", "[]", "{}")
        report(r.returncode == 0, "app.quit is called", r.stderr)
        for _ in range(100):
            if not has_owner():
                break
            time.sleep(0.1)
        report(not has_owner(), "rigplan quits and leaves the bus")
    finally:
        daemon.terminate()
        daemon.wait()

print(f"1..{n}")
sys.exit(1 if failed else 0)
