#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""measure_cnn.py: exact saved-for-backward bytes and forward FLOPs of
ResNet-50 (torchvision v1.5), used for the resnet-50 preset of
data/catalogs/models.json.

Run with Debian's python (torch 1.13 lives there):

    /usr/bin/python3 tools/measure/measure_cnn.py                 # writes tests/data/measured/cnn-cpu.json
    /usr/bin/python3 tools/measure/measure_cnn.py --out /tmp/cnn.json

The network is written here in plain PyTorch, layer for layer as
torchvision.models.resnet50 (no torchvision needed): 7x7/2 stem conv, BN,
ReLU(inplace=True), 3x3/2 max pool, Bottleneck blocks [3, 4, 6, 3] with
the stride on the 3x3 conv (v1.5), 1x1 conv + BN downsample on the first
block of each stage, adaptive average pool, 1000-class fc.  The parameter
count is checked against torchvision's 25,557,032.

For each case one forward pass (training mode) runs inside
torch.autograd.graph.saved_tensors_hooks; every tensor autograd saves is
recorded once per storage (data_ptr).  Parameters and buffers (and the
storages of their views) are excluded; cast copies of parameters made by
autocast are reported apart.  The loss (cross entropy on the logits) is
recorded in its own region, because Rigplan counts the logits separately
(micro_batch x num_classes x 4 bytes).

Cases, each at batch 2 and batch 4 (the difference gives the exact bytes
per sample; the remainder is the batch-independent part, BatchNorm's
per-channel saved mean / inverse std):

  fp32            float32 weights and input
  autocast-bf16   float32 weights, torch.autocast('cpu', dtype=torch.bfloat16)
                  (torch 1.13's CPU op lists: convs and fc in bf16; see the
                  dtype breakdown for what BatchNorm does)
  bf16            weights and input cast to bfloat16: every activation is
                  16-bit, as under CUDA autocast, where batch_norm is on no
                  cast list and runs in the conv output's 16-bit dtype
                  (cuDNN keeps fp32 per-channel statistics; here they are
                  bf16, a few kB)

Checkpointed cases ("checkpointed" in the JSON; autocast-bf16 and bf16):
each of the 16 Bottleneck blocks runs in
torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False), as a user
(or timm's set_grad_checkpointing) does; the stem and the head are not
checkpointed.  What stays saved = what the outer hook sees plus each
block's input, which the checkpoint keeps alive for the recomputation.
A nested hook inside each checkpointed call records what the block saves
(and drops it, as checkpoint does): the largest block's bytes not already
held is the transient extra its recomputation adds during the backward
("peak_extra", gradients not included).
"""

import argparse
import datetime
import json
import os
import platform
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.checkpoint

TOOL = "tools/measure/measure_cnn.py"
TORCHVISION_PARAMS = 25557032
TORCHVISION_GMACS = 4.09   # torchvision ResNet50_Weights.IMAGENET1K_V1 "GFLOPS"


# ---------------------------------------------------------------------------
# torchvision-equivalent ResNet-50
# ---------------------------------------------------------------------------

def conv3x3(cin, cout, stride=1):
    return nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)


def conv1x1(cin, cout, stride=1):
    return nn.Conv2d(cin, cout, 1, stride=stride, bias=False)


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        width = planes
        self.conv1 = conv1x1(inplanes, width)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = conv3x3(width, width, stride)      # v1.5: stride here
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = conv1x1(width, planes * self.expansion)
        self.bn3 = nn.BatchNorm2d(planes * self.expansion)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)


class ResNet50(nn.Module):
    def __init__(self, layers=(3, 4, 6, 3), num_classes=1000):
        super().__init__()
        self.inplanes = 64
        self.conv1 = nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, stride=2, padding=1)
        self.layer1 = self._make_layer(64, layers[0])
        self.layer2 = self._make_layer(128, layers[1], stride=2)
        self.layer3 = self._make_layer(256, layers[2], stride=2)
        self.layer4 = self._make_layer(512, layers[3], stride=2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)

    def _make_layer(self, planes, blocks, stride=1):
        downsample = None
        if stride != 1 or self.inplanes != planes * Bottleneck.expansion:
            downsample = nn.Sequential(
                conv1x1(self.inplanes, planes * Bottleneck.expansion, stride),
                nn.BatchNorm2d(planes * Bottleneck.expansion))
        mods = [Bottleneck(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes * Bottleneck.expansion
        for _ in range(1, blocks):
            mods.append(Bottleneck(self.inplanes, planes))
        return nn.Sequential(*mods)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        if CK.on:
            for li, layer in enumerate((self.layer1, self.layer2, self.layer3, self.layer4)):
                for bi, blk in enumerate(layer):
                    x = ckpt_block(f"layer{li + 1}.{bi}", blk, x)
        else:
            x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


# ---------------------------------------------------------------------------
# Saved-tensor recorder
# ---------------------------------------------------------------------------

class Recorder:
    def __init__(self, model):
        self.param_ptrs = {p.storage().data_ptr()
                           for p in list(model.parameters()) + list(model.buffers())}
        self.params_by_shape = {}
        for p in model.parameters():
            self.params_by_shape.setdefault(tuple(p.shape), []).append(p)
        self.region = "body"
        self.seen = {}

    def _classify(self, t, ptr):
        if ptr in self.param_ptrs:
            return "param"
        if t.dim() == 0:
            return "scalar"
        with torch.no_grad():
            for p in self.params_by_shape.get(tuple(t.shape), []):
                if p.dtype != t.dtype and torch.equal(t, p.detach().to(t.dtype)):
                    return "param_copy"
            if t.dim() == 2:   # linear saves the transposed weight copy
                for p in self.params_by_shape.get(tuple(t.shape)[::-1], []):
                    if p.dtype != t.dtype and torch.equal(t, p.detach().t().to(t.dtype)):
                        return "param_copy"
        return "act"

    def pack(self, t):
        if isinstance(t, torch.Tensor):
            st = t.storage()
            ptr = st.data_ptr()
            if ptr not in self.seen:
                self.seen[ptr] = {"class": self._classify(t, ptr), "bytes": st.nbytes(),
                                  "dtype": str(t.dtype).replace("torch.", ""),
                                  "region": self.region}
        return t

    def summary(self):
        out = {"act_bytes": 0, "by_region": {}, "act_by_dtype": {},
               "param_copy_bytes": 0, "scalar_bytes": 0}
        for e in self.seen.values():
            if e["class"] == "act":
                out["act_bytes"] += e["bytes"]
                out["by_region"][e["region"]] = out["by_region"].get(e["region"], 0) + e["bytes"]
                if e["region"] == "body":
                    out["act_by_dtype"][e["dtype"]] = \
                        out["act_by_dtype"].get(e["dtype"], 0) + e["bytes"]
            elif e["class"] == "param_copy":
                out["param_copy_bytes"] += e["bytes"]
            elif e["class"] == "scalar":
                out["scalar_bytes"] += e["bytes"]
        return out


class CK:
    on = False          # checkpoint each Bottleneck
    rec = None          # outer Recorder
    keep = []           # checkpoint inputs (held by the checkpoint in a real run)
    segments = []       # (block name, extra saved bytes of its recomputation)


class SegmentRecorder:
    """Innermost hook inside one checkpointed block: records what the block
    saves (what its recomputation materialises in the backward) and, like
    checkpoint, stores only a placeholder.  Tensors are kept alive until
    the block returns so that a freed address is not reused."""

    def __init__(self, outer):
        self.outer = outer
        self.seen = {}
        self.keep = []

    def pack(self, t):
        if isinstance(t, torch.Tensor):
            st = t.storage()
            ptr = st.data_ptr()
            if ptr not in self.seen:
                self.seen[ptr] = (self.outer._classify(t, ptr), st.nbytes())
            self.keep.append(t)
        return None

    def extra_bytes(self):
        return sum(nb for ptr, (cls, nb) in self.seen.items()
                   if cls == "act" and ptr not in self.outer.seen)


def _never_unpacked(x):
    raise RuntimeError("measurement only: no backward")


def ckpt_block(name, blk, x):
    CK.rec.pack(x)          # the checkpoint keeps its input alive
    CK.keep.append(x)
    seg = SegmentRecorder(CK.rec)

    def run(a):
        with torch.autograd.graph.saved_tensors_hooks(seg.pack, _never_unpacked):
            return blk(a)

    out = torch.utils.checkpoint.checkpoint(run, x, use_reentrant=False)
    CK.segments.append((name, seg.extra_bytes()))
    seg.keep.clear()
    return out


def measure(model, mode, batch, size, checkpointed=False):
    torch.manual_seed(0)
    dtype = torch.bfloat16 if mode == "bf16" else torch.float32
    x = torch.randn(batch, 3, size, size, dtype=dtype)
    y = torch.randint(0, 1000, (batch,))
    rec = Recorder(model)
    CK.on, CK.rec, CK.segments = checkpointed, rec, []
    model.train()
    ctx = torch.autocast("cpu", dtype=torch.bfloat16) if mode == "autocast-bf16" \
        else torch.autocast("cpu", enabled=False)
    with torch.autograd.graph.saved_tensors_hooks(rec.pack, lambda t: t):
        with ctx:
            rec.region = "body"
            logits = model(x)
            rec.region = "loss"
            # CUDA autocast runs log_softmax / cross entropy in fp32
            loss = F.cross_entropy(logits.float() if mode == "bf16" else logits, y)
    s = summary = rec.summary()
    s["logits_dtype"] = str(logits.dtype).replace("torch.", "")
    if checkpointed:
        s["segment_names"] = [n for n, _ in CK.segments]
        s["segment_extra_bytes"] = [nb for _, nb in CK.segments]
    CK.on, CK.rec, CK.segments = False, None, []
    CK.keep.clear()
    del loss, logits
    return summary


def count_flops(model, size):
    macs = {"conv": 0, "fc": 0}

    def conv_hook(m, inp, out):
        k = m.kernel_size[0] * m.kernel_size[1] * (m.in_channels // m.groups)
        macs["conv"] += out.numel() // out.shape[0] * k

    def fc_hook(m, inp, out):
        macs["fc"] += m.in_features * m.out_features

    hooks = []
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            hooks.append(m.register_forward_hook(conv_hook))
        elif isinstance(m, nn.Linear):
            hooks.append(m.register_forward_hook(fc_hook))
    with torch.no_grad():
        model.eval()
        model(torch.zeros(1, 3, size, size))
    for h in hooks:
        h.remove()
    return macs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..",
        "tests", "data", "measured", "cnn-cpu.json"))
    ap.add_argument("--size", type=int, default=224)
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    t0 = time.time()
    torch.manual_seed(0)
    model = ResNet50()
    params = sum(p.numel() for p in model.parameters())
    assert params == TORCHVISION_PARAMS, params
    macs = count_flops(model, args.size)
    total_macs = macs["conv"] + macs["fc"]
    print(f"params {params}  conv MACs {macs['conv']}  fc MACs {macs['fc']}  "
          f"forward GFLOPs (2 x MACs) {2 * total_macs / 1e9:.4f}", flush=True)

    cases = []
    for mode in ("fp32", "autocast-bf16", "bf16"):
        m = ResNet50() if mode != "bf16" else ResNet50().to(torch.bfloat16)
        m.load_state_dict(model.state_dict()) if mode != "bf16" else None
        res = {}
        for batch in (2, 4):
            r = measure(m, mode, batch, args.size)
            res[batch] = r
            print(f"{mode:14s} batch {batch}: act {r['act_bytes']}  body {r['by_region'].get('body', 0)}"
                  f"  loss {r['by_region'].get('loss', 0)}  by dtype {r['act_by_dtype']}"
                  f"  param copies {r['param_copy_bytes']}", flush=True)
        b2, b4 = res[2]["by_region"]["body"], res[4]["by_region"]["body"]
        per_sample = (b4 - b2) // 2
        cases.append({
            "name": mode,
            "input_size": args.size,
            "batches": {str(b): res[b] for b in (2, 4)},
            "body_bytes_per_sample": per_sample,
            "body_bytes_batch_independent": b2 - 2 * per_sample,
            "loss_bytes_per_sample": (res[4]["by_region"].get("loss", 0)
                                      - res[2]["by_region"].get("loss", 0)) // 2,
        })
        print(f"{mode:14s} per sample {per_sample} B = {per_sample / 2**20:.2f} MiB, "
              f"batch-independent {b2 - 2 * per_sample} B", flush=True)
        if mode != "fp32":
            ck = {}
            for batch in (2, 4):
                ck[batch] = measure(m, mode, batch, args.size, checkpointed=True)
            c2, c4 = ck[2]["by_region"]["body"], ck[4]["by_region"]["body"]
            ck_ps = (c4 - c2) // 2
            seg_ps = [(s4 - s2) // 2 for s2, s4 in zip(ck[2]["segment_extra_bytes"],
                                                      ck[4]["segment_extra_bytes"])]
            imax = max(range(len(seg_ps)), key=lambda i: seg_ps[i])
            cases[-1]["checkpointed"] = {
                "batches": {str(b): ck[b] for b in (2, 4)},
                "body_bytes_per_sample": ck_ps,
                "body_bytes_batch_independent": c2 - 2 * ck_ps,
                "segment_extra_bytes_per_sample": seg_ps,
                "peak_extra_bytes_per_sample": seg_ps[imax],
                "peak_extra_segment": ck[2]["segment_names"][imax],
            }
            print(f"{mode:14s} checkpointed per sample {ck_ps} B = {ck_ps / 2**20:.2f} MiB "
                  f"(batch-independent {c2 - 2 * ck_ps} B); peak extra {seg_ps[imax]} B = "
                  f"{seg_ps[imax] / 2**20:.2f} MiB ({ck[2]['segment_names'][imax]})", flush=True)
        del m

    out = {
        "tool": TOOL,
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "machine": {"system": platform.system(), "release": platform.release(),
                    "machine": platform.machine(), "cpu_count": os.cpu_count(),
                    "torch_threads": torch.get_num_threads()},
        "device": "cpu",
        "date": datetime.datetime.utcnow().replace(microsecond=0).isoformat() + "Z",
        "runtime_seconds": None,
        "model": "resnet-50 (torchvision v1.5 layout, plain torch)",
        "params": params,
        "forward_macs": {"conv": macs["conv"], "fc": macs["fc"], "total": total_macs},
        "forward_gflops_per_sample": round(2 * total_macs / 1e9, 4),
        "notes": ("Exact bytes of the tensors autograd saves for backward in one training-mode "
                  "forward (saved_tensors_hooks), deduplicated by storage data_ptr; parameters, "
                  "buffers and autocast cast copies of weights excluded.  'body' = network up to "
                  "the logits; 'loss' = cross entropy (fp32 log_softmax output, counted by Rigplan "
                  "as logits).  body_bytes_per_sample = (body(batch 4) - body(batch 2)) / 2; the "
                  "batch-independent rest is BatchNorm's per-channel saved statistics.  FLOPs = "
                  "2 x multiply-accumulates of every conv and the fc (BN, ReLU, pooling, adds "
                  "not counted, as in torchvision's figure).  checkpointed (autocast-bf16, bf16): "
                  "each Bottleneck in torch.utils.checkpoint(use_reentrant=False); body = what "
                  "stays saved (stem, head, and every block's input held by its checkpoint); "
                  "peak_extra_bytes_per_sample = the largest block's own saved bytes not already "
                  "held, i.e. what its recomputation adds during backward (gradients excluded)."),
        "cases": cases,
    }
    out["runtime_seconds"] = round(time.time() - t0, 1)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    print(f"wrote {os.path.normpath(args.out)} in {out['runtime_seconds']} s")


if __name__ == "__main__":
    sys.exit(main())
