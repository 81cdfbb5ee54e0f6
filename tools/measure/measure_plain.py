#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""measure_plain.py: the peak of whole training steps of plain PyTorch
loops, and the host time of one eager op, on the CPU.

Run with Debian's python (torch 1.13):

    /usr/bin/python3 tools/measure/measure_plain.py        # writes the fixture
    /usr/bin/python3 tools/measure/measure_plain.py --out /tmp/p.json

It writes tests/data/measured/plain-cpu.json with two sections:

steps   Whole steady-state training steps of measure_memory.py's decoders
        as a hand-written loop runs them (nanoGPT's train.py, PyTorch's
        DDP tutorial): the model built in fp32 (or cast to bf16), the
        forward under torch.autocast where the precision says so, the
        full F.cross_entropy, loss.backward(), optimizer.step() and
        optimizer.zero_grad(set_to_none=True).  The resident bytes are
        read after every op (a TorchDispatchMode, each tensor of 64 KiB or
        more its own mapping, as in measure_mechanisms.py); a step's peak
        is the model's state, counted tensor by tensor (weights and
        optimizer state), plus the most the resident memory rose above
        what it was just before the step, over the second and third
        steps: gradients, activations, logits and every cast a step makes.
        (What glibc's heap keeps between steps without a live tensor, up
        to 16 MB here in the GPT-style runs with their many small bias and
        norm tensors, is the allocator's, as the caching allocator's slack
        is on a GPU: resident_peak_bytes keeps the raw figure.)
        LoRA cases load the frozen base in fp32 or in bf16 (the
        training.base_dtype choice), with fp32 adapters as PEFT makes
        them (autocast_adapter_dtype).
host    The host time of one small eager op (an autograd-recorded add and
        a linear on 16 x 16 tensors): the dispatcher and Python cost every
        kernel a PyTorch-native stack launches pays on the CPU before the
        device does anything (no device here, so no launch itself).

A CPU has no caching allocator, CUDA context or NCCL: those lines of
Rigplan's total are left out of the comparison (tests/test-memory-model.c).
"""

import argparse
import datetime
import gc
import json
import os
import platform
import statistics
import sys
import time

import torch
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode

TOOL = "tools/measure/measure_plain.py"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MALLOC_ENV = {"MALLOC_MMAP_THRESHOLD_": "65536", "MALLOC_TRIM_THRESHOLD_": "0"}
PAGE = os.sysconf("SC_PAGE_SIZE")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_memory as mm  # noqa: E402


def resident():
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * PAGE


class Live(TorchDispatchMode):
    """The most resident bytes seen after any op."""

    def __init__(self):
        super().__init__()
        self.peak = resident()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        self.peak = max(self.peak, resident())
        return out


def step_case(name, arch, training, base_dtype=None):
    """The peak of a plain loop's steady step, all of it."""
    gc.collect()
    mm.REC = mm._NullRecorder()
    torch.manual_seed(1234)
    b, s, V = training["micro_batch"], training["seq_len"], arch["vocab"]
    g = torch.Generator().manual_seed(99)
    ids = torch.randint(0, V, (b, s), generator=g)
    labels = torch.randint(0, V, (b, s), generator=g)
    base = resident()
    model = mm.Decoder(arch, training)
    if training["precision"] == "bf16" or base_dtype == "bf16":
        model = model.to(torch.bfloat16)
    if training["method"] == "lora":
        # apply_lora freezes the base and wraps its linears; the adapters
        # are then made fp32 under autocast, as PEFT's autocast_adapter_dtype
        mm.apply_lora(model, training["lora_rank"], training["lora_targets"])
        for pname, p in model.named_parameters():
            if "lora_" in pname:
                p.data = p.data.to(torch.bfloat16 if training["precision"] == "bf16"
                                   else torch.float32)
    model.train()
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(trainable, lr=1e-4)
    peaks, raw = [], []
    for step in range(3):
        gc.collect()
        before = resident()
        with Live() as live:
            with mm.autocast_ctx(training["precision"], "cpu"):
                loss = model(ids, labels)
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            del loss
        if step > 0:
            peaks.append(live.peak - before)
            raw.append(live.peak - base)
    weights = sum(p.numel() * p.element_size() for p in model.parameters())
    opt_bytes = sum(v.numel() * v.element_size() for st in opt.state.values()
                    for v in st.values() if isinstance(v, torch.Tensor))
    out = {"name": name, "arch": arch, "training": dict(training, base_dtype=base_dtype),
           "peak_bytes": weights + opt_bytes + max(peaks),
           "state_bytes": weights + opt_bytes, "step_rise_bytes": max(peaks),
           "resident_peak_bytes": max(raw), "resident_between_steps_bytes": resident() - base,
           "weights_bytes": weights, "trainable_params": sum(p.numel() for p in trainable)}
    del model, opt, trainable
    gc.collect()
    return out


def steps_section():
    lt = mm.ltrain
    return [
        # nanoGPT's loop: GPT-2 style (LayerNorm, GELU, biases, tied,
        # learned positions), fp32 weights under bf16 autocast, AdamW
        step_case("gpt-h256-l4-amp", mm.gpt(4, 256, 4, 8192, positions=512),
                  mm.train(precision="amp-bf16", seq_len=256, micro_batch=4)),
        # the same with every block checkpointed
        step_case("gpt-h256-l4-amp-ckpt", mm.gpt(4, 256, 4, 8192, positions=512),
                  dict(mm.train(precision="amp-bf16", seq_len=256, micro_batch=4,
                                recompute="full"), recompute_impl="reentrant")),
        # a Llama-style model trained in pure bf16
        step_case("llama-h256-l4-bf16", mm.llama(4, 256, 4, 2, 688, 8192),
                  lt(precision="bf16", seq_len=256, micro_batch=4)),
        # a Llama-style model in fp32 weights under autocast
        step_case("llama-h256-l4-amp", mm.llama(4, 256, 4, 2, 688, 8192),
                  lt(precision="amp-bf16", seq_len=256, micro_batch=4)),
        # LoRA on all linear layers under autocast, the base loaded in
        # fp32 (transformers before v5, TRL's command line) and in bf16
        step_case("llama-h512-l4-lora-amp-base-fp32", mm.llama(4, 512, 8, 2, 1376, 8192),
                  lt(precision="amp-bf16", seq_len=256, micro_batch=2, method="lora",
                     lora_rank=8, lora_targets="all_linear"), base_dtype="fp32"),
        step_case("llama-h512-l4-lora-amp-base-bf16", mm.llama(4, 512, 8, 2, 1376, 8192),
                  lt(precision="amp-bf16", seq_len=256, micro_batch=2, method="lora",
                     lora_rank=8, lora_targets="all_linear"), base_dtype="bf16"),
    ]


def host_section(repeats=20000):
    """Median seconds per eager op over batches of @repeats calls."""
    a = torch.randn(16, 16, requires_grad=True)
    w = torch.randn(16, 16, requires_grad=True)
    out = {}
    for name, fn in (("add_autograd", lambda: a + a), ("linear_autograd", lambda: F.linear(a, w))):
        for _ in range(1000):
            fn()
        per = []
        for _ in range(7):
            t0 = time.perf_counter()
            for _ in range(repeats):
                fn()
            per.append((time.perf_counter() - t0) / repeats)
        out[name + "_s"] = statistics.median(per)
    return out


def main():
    if any(os.environ.get(k) != v for k, v in MALLOC_ENV.items()):
        os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **MALLOC_ENV})
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "measured",
                                                  "plain-cpu.json"))
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    steps = steps_section()
    doc = {"format": "rigplan-measured-plain", "version": 1, "tool": TOOL,
           "date": datetime.date.today().isoformat(), "torch": torch.__version__,
           "python": platform.python_version(), "device": "cpu",
           "machine": {"processor": platform.processor() or platform.machine(),
                       "cpu_count": os.cpu_count(), "torch_threads": a.threads},
           "steps": steps, "host": host_section()}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(json.dumps({"steps": [{k: s[k] for k in ("name", "peak_bytes", "resident_peak_bytes")}
                                for s in steps], "host": doc["host"]}, indent=1))


if __name__ == "__main__":
    main()
