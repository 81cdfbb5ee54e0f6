#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""measure_mechanisms.py: what CPU runs can show of the training-stack
mechanisms Rigplan models (src/core/models/rp-stack.c, rp-memory-model.c).

Run with Debian's python (torch 1.13):

    /usr/bin/python3 tools/measure/measure_mechanisms.py       # writes the fixture
    /usr/bin/python3 tools/measure/measure_mechanisms.py --out /tmp/m.json

It writes tests/data/measured/mechanisms-cpu.json with three sections:

loss        The loss over the last hidden states, full and chunked
            (torchtune's LinearCrossEntropyLoss run eagerly: each of 8
            chunks projected, upcast with .float() and passed to
            F.cross_entropy): the bytes autograd saves for backward.  The
            CPU build's profiler does not report frees, so the transient
            peak is not measured here.
op_sac      One Llama-style block (RMSNorm, GQA attention through a
            FlashAttention-like function that saves q, k, v, its output
            and an fp32 log-sum-exp, SwiGLU MLP) in bf16, run three ways:
            everything saved, op-level selective checkpointing with
            torchtitan's policy (outputs of the attention function and of
            the odd matmuls q, v, gate, down saved, all else recomputed in
            backward), and whole-block checkpointing.  torch 1.13 has no
            create_selective_checkpoint_contexts, so the policy is run by
            a small autograd function that keeps the block input and
            exactly those outputs and replays the block in backward
            (gradients are checked equal to the plain run's).
peak        Live bytes op by op (resident memory after every op, read by
            a TorchDispatchMode, with each large tensor its own mapping):
            the loss's backward (two fp32 logit-sized gradients beside
            the saved log-softmax), and one whole training step of a
            Llama-style decoder from tools/measure/measure_memory.py with
            the gradients freed between steps (zero_grad(set_to_none=
            True)): the most bytes alive at once, against the sum of the
            parts Rigplan used to add.
schedules   Pipeline schedules simulated op by op (1F1B, Megatron's
            interleaved 1F1B, ZB-H1, GPipe): the most micro-batch chunks
            the first stage holds at once, in units of one micro-batch
            over all its layers.

What CPU cannot show is left out: gradient offload moves tensors between
device and host memory, which a CPU run does not have.
"""

import argparse
import datetime
import json
import math
import os
import platform

import sys

import torch
import torch.nn.functional as F
import torch.utils.checkpoint
from torch.utils._python_dispatch import TorchDispatchMode

TOOL = "tools/measure/measure_mechanisms.py"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ---- saved tensors ---------------------------------------------------------

class Saved:
    """Bytes autograd saves, deduplicated by storage."""

    def __init__(self):
        self.ptrs = {}

    def pack(self, t):
        st = t.storage()
        self.ptrs[st.data_ptr()] = st.nbytes()
        return t

    @staticmethod
    def unpack(t):
        return t

    def bytes(self, exclude=()):
        skip = {p.storage().data_ptr() for p in exclude}
        return sum(n for p, n in self.ptrs.items() if p not in skip)


# ---- loss ------------------------------------------------------------------

def loss_case(tokens, hidden, vocab, chunks):
    torch.manual_seed(0)
    h = torch.randn(tokens, hidden, dtype=torch.bfloat16, requires_grad=True)
    w = (torch.randn(vocab, hidden) / math.sqrt(hidden)).to(torch.bfloat16).requires_grad_()
    labels = torch.randint(0, vocab, (tokens,))

    def loss_full():
        logits = F.linear(h, w)
        return F.cross_entropy(logits.float(), labels, reduction="sum")

    def loss_chunked():
        total = 0
        for hc, lc in zip(h.chunk(chunks), labels.chunk(chunks)):
            total = total + F.cross_entropy(F.linear(hc, w).float(), lc, reduction="sum")
        return total

    out = {"tokens": tokens, "hidden": hidden, "vocab": vocab, "chunks": chunks,
           "dtype": "bfloat16"}
    for name, fn in (("full", loss_full), ("chunked", loss_chunked)):
        saved = Saved()
        with torch.autograd.graph.saved_tensors_hooks(saved.pack, saved.unpack):
            loss = fn()
        out[name] = {"saved_bytes": saved.bytes(exclude=(h, w))}
        loss.backward()
        h.grad = w.grad = None
    return out


# ---- live bytes ------------------------------------------------------------

# Live bytes are read as the process's resident memory after every op.
# Weak references to tensors do not work for this: autograd keeps saved
# tensors and gradients in C++ after their Python objects are gone.
# With glibc's mmap threshold fixed low, every tensor larger than 64 KiB
# is its own mapping, returned to the system when freed, so resident
# memory follows the live tensors (the main() re-exec sets it).
MALLOC_ENV = {"MALLOC_MMAP_THRESHOLD_": "65536", "MALLOC_TRIM_THRESHOLD_": "0"}
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident():
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * PAGE


class Live(TorchDispatchMode):
    """The most resident bytes seen after any op since restart()."""

    def __init__(self):
        super().__init__()
        self.peak = resident()

    def restart(self):
        self.peak = resident()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        self.peak = max(self.peak, resident())
        return out


def loss_backward_transient(tokens, hidden, vocab):
    """Bytes the full loss's backward adds at its peak over what is
    alive when it starts (the saved log-softmax among it)."""
    torch.manual_seed(0)
    h = torch.randn(tokens, hidden, dtype=torch.bfloat16, requires_grad=True)
    w = (torch.randn(vocab, hidden) / math.sqrt(hidden)).to(torch.bfloat16).requires_grad_()
    labels = torch.randint(0, vocab, (tokens,))
    with Live() as live:
        loss = F.cross_entropy(F.linear(h, w).float(), labels, reduction="sum")
        start = resident()
        live.restart()
        loss.backward()
        return live.peak - start


def step_peak_case(mm, name, arch, training):
    """One steady-state step of measure_memory's Decoder: the most bytes
    alive at once between the start of the forward and the end of the
    backward, gradients freed between steps (mm: the measure_memory
    module)."""
    mm.REC = mm._NullRecorder()
    torch.manual_seed(1234)
    model = mm.Decoder(arch, training).to(torch.bfloat16)
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    b, s, V = training["micro_batch"], training["seq_len"], arch["vocab"]
    g = torch.Generator().manual_seed(99)
    ids = torch.randint(0, V, (b, s), generator=g)
    labels = torch.randint(0, V, (b, s), generator=g)
    for _ in range(2):
        base = resident()
        with Live() as live:
            loss = model(ids, labels)
            forward_end = resident() - base
            loss.backward()
            grads = sum(p.grad.numel() * p.grad.element_size() for p in model.parameters())
            peak = live.peak - base
        opt.step()
        opt.zero_grad(set_to_none=True)
        del loss
    return {"name": name, "arch": arch, "training": training, "peak_bytes": peak,
            "forward_end_bytes": forward_end, "gradients_bytes": grads}


def peak_section():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import measure_memory as mm

    steps = [
        # activations and logits outweigh the gradients: the peak is at
        # the turn from forward to backward
        step_peak_case(mm, "llama-h256-l4-s512", mm.llama(4, 256, 4, 2, 688, 8192),
                       mm.ltrain(precision="bf16", seq_len=512, micro_batch=2)),
        # checkpointed, the gradients outweigh what is saved: the peak
        # is at the end of backward
        # (torch 1.13's non-reentrant checkpoint fails under a dispatch
        # mode; the reentrant one saves the same layer input)
        step_peak_case(mm, "llama-h512-l4-s128-ckpt", mm.llama(4, 512, 8, 2, 1376, 8192),
                       dict(mm.ltrain(precision="bf16", seq_len=128, micro_batch=1,
                                      recompute="full"), recompute_impl="reentrant")),
    ]
    return {"loss_backward": [{"tokens": t, "hidden": h, "vocab": v,
                               "transient_bytes": loss_backward_transient(t, h, v)}
                              for t, h, v in ((512, 384, 8192), (1024, 512, 32000))],
            "steps": steps}


# ---- op-level selective checkpointing -------------------------------------

class FlashLike(torch.autograd.Function):
    """Causal attention that saves what FlashAttention saves (Dao et al.
    2022, Alg. 2): q, k, v, the output and an fp32 log-sum-exp."""

    @staticmethod
    def forward(ctx, q, k, v):
        scale = q.shape[-1] ** -0.5
        s = torch.matmul(q.float(), k.float().transpose(-1, -2)) * scale
        mask = torch.ones(s.shape[-2:], dtype=torch.bool).triu(1)
        s = s.masked_fill(mask, float("-inf"))
        lse = torch.logsumexp(s, dim=-1)
        o = torch.matmul(torch.exp(s - lse.unsqueeze(-1)), v.float()).to(q.dtype)
        ctx.save_for_backward(q, k, v, o, lse)
        ctx.scale = scale
        return o, lse

    @staticmethod
    def backward(ctx, do, dlse):
        q, k, v, o, lse = ctx.saved_tensors
        s = torch.matmul(q.float(), k.float().transpose(-1, -2)) * ctx.scale
        mask = torch.ones(s.shape[-2:], dtype=torch.bool).triu(1)
        p = torch.exp(s.masked_fill(mask, float("-inf")) - lse.unsqueeze(-1))
        do = do.float()
        dv = torch.matmul(p.transpose(-1, -2), do)
        dp = torch.matmul(do, v.float().transpose(-1, -2))
        ds = p * (dp - (do * o.float()).sum(-1, keepdim=True)) * ctx.scale
        dq = torch.matmul(ds, k.float())
        dk = torch.matmul(ds.transpose(-1, -2), q.float())
        return dq.to(q.dtype), dk.to(k.dtype), dv.to(v.dtype)


def rms(x, w):
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-5)).to(x.dtype) * w


def block(x, p, cfg, record=None):
    """A pre-norm Llama block.  With @record, the outputs of the ops that
    torchtitan's op-level policy saves are stored in it."""
    b, s, h = x.shape
    nh, nkv, d = cfg["heads"], cfg["kv_heads"], cfg["hidden"] // cfg["heads"]

    def keep(name, fn):
        out = fn()
        if record is not None:
            record[name] = out
        return out

    a = rms(x, p["n1"])
    q = keep("q", lambda: F.linear(a, p["wq"]))                        # matmul 1: saved
    k = F.linear(a, p["wk"])                                            # matmul 2: recomputed
    v = keep("v", lambda: F.linear(a, p["wv"]))                        # matmul 3: saved
    qh = q.view(b, s, nh, d).transpose(1, 2)
    kh = k.view(b, s, nkv, d).transpose(1, 2).repeat_interleave(nh // nkv, dim=1)
    vh = v.view(b, s, nkv, d).transpose(1, 2).repeat_interleave(nh // nkv, dim=1)
    o, lse = keep("attn", lambda: FlashLike.apply(qh, kh, vh))         # attention: saved
    o = o.transpose(1, 2).reshape(b, s, nh * d)
    x = x + F.linear(o, p["wo"])                                       # matmul 4: recomputed
    m = rms(x, p["n2"])
    g = keep("gate", lambda: F.linear(m, p["w1"]))                     # matmul 5: saved
    u = F.linear(m, p["w3"])                                           # matmul 6: recomputed
    y = keep("down", lambda: F.linear(F.silu(g) * u, p["w2"]))         # matmul 7: saved
    return x + y


class OpSAC(torch.autograd.Function):
    """Runs the block without a graph and keeps, between forward and
    backward, its input and the policy's outputs; backward replays the
    block.  The replay recomputes the kept outputs too (cheaper code, the
    same gradients): that changes the time, not what is held."""

    @staticmethod
    def forward(ctx, x, cfg, *weights):
        names = ctx.names = ["n1", "wq", "wk", "wv", "wo", "n2", "w1", "w3", "w2"]
        record = {}
        with torch.no_grad():
            out = block(x, dict(zip(names, weights)), cfg, record=record)
        ctx.cfg = cfg
        kept = []
        for value in record.values():
            kept.extend(value if isinstance(value, tuple) else [value])
        ctx.save_for_backward(x, *weights, *kept)
        return out

    @staticmethod
    def backward(ctx, dout):
        saved = ctx.saved_tensors
        x = saved[0].detach().requires_grad_(True)
        ws = [w.detach().requires_grad_(True) for w in saved[1:10]]
        with torch.enable_grad():
            out = block(x, dict(zip(ctx.names, ws)), ctx.cfg)
        grads = torch.autograd.grad(out, [x] + ws, dout)
        return (grads[0], None) + tuple(grads[1:])


def op_sac_case(cfg):
    torch.manual_seed(0)
    h, f, nh, nkv = cfg["hidden"], cfg["ffn"], cfg["heads"], cfg["kv_heads"]
    d = h // nh
    shapes = {"n1": (h,), "wq": (nh * d, h), "wk": (nkv * d, h), "wv": (nkv * d, h),
              "wo": (h, nh * d), "n2": (h,), "w1": (f, h), "w3": (f, h), "w2": (h, f)}
    p = {k: (torch.randn(s) / math.sqrt(s[-1]) if len(s) > 1 else torch.ones(s))
         .to(torch.bfloat16).requires_grad_() for k, s in shapes.items()}
    x = torch.randn(cfg["batch"], cfg["seq"], h, dtype=torch.bfloat16, requires_grad=True)
    weights = [p[k] for k in ["n1", "wq", "wk", "wv", "wo", "n2", "w1", "w3", "w2"]]
    out = {"config": cfg, "dtype": "bfloat16"}
    grads = {}
    runs = {
        "none": lambda: block(x, p, cfg),
        "selective_ops": lambda: OpSAC.apply(x, cfg, *weights),
        # reentrant: it saves its input with save_for_backward, which the
        # hooks see (the non-reentrant one hides its own saved tensors)
        "full": lambda: torch.utils.checkpoint.checkpoint(lambda y: block(y, p, cfg), x,
                                                          use_reentrant=True),
    }
    for name, fn in runs.items():
        saved = Saved()
        with torch.autograd.graph.saved_tensors_hooks(saved.pack, saved.unpack):
            y = fn()
        out[name] = {"saved_bytes": saved.bytes(exclude=weights)}
        y.float().sum().backward()
        grads[name] = [t.grad.float().clone() for t in [x] + weights]
        for t in [x] + weights:
            t.grad = None
    # the selective run must give the same gradients as the plain one
    worst = max(float((a - b).abs().max() / (b.abs().max() + 1e-6))
                for a, b in zip(grads["selective_ops"], grads["none"]))
    out["selective_ops"]["max_relative_grad_difference"] = worst
    return out


# ---- pipeline schedules ------------------------------------------------------

def simulate(schedule, p, m, v=1):
    """Peak micro-batch chunks held by stage 0 over the schedule's order
    of its own forwards (F) and backwards (B), as a multiple of one
    micro-batch over all the stage's layers."""
    if schedule == "gpipe":
        order = ["F"] * m + ["B"] * m
        chunks = 1
    elif schedule in ("1f1b", "zero-bubble"):
        # PipeDream-Flush (Narayanan et al. 2021 §2.2.1): p − rank − 1
        # warm-up forwards, then one forward one backward; ZB-H1 keeps the
        # same forwards in flight and splits the backward (Qi et al. 2024)
        warm = min(p - 1, m)
        order = ["F"] * warm
        for _ in range(m - warm):
            order += ["F", "B"]
        order += ["B"] * warm
        chunks = 1
    elif schedule == "interleaved":
        # Megatron-LM interleaved 1F1B (megatron/core/pipeline_parallel/
        # schedules.py, forward_backward_pipelining_with_interleaving):
        # rank 0 runs (p − 1)·2 + (v − 1)·p warm-up chunk forwards
        total = m * v
        warm = min((p - 1) * 2 + (v - 1) * p, total)
        order = ["F"] * warm
        for _ in range(total - warm):
            order += ["F", "B"]
        order += ["B"] * warm
        chunks = v
    held = peak = 0
    for op in order:
        held += 1 if op == "F" else -1
        peak = max(peak, held)
    return peak / chunks


def schedules_section():
    out = []
    # (8, 8, 2): torchtitan's 405B interleaved run, m = p, where rank 0's
    # warm-up covers every chunk forward (PyTorch's ScheduleInterleaved1F1B
    # caps it at m·v, as Megatron-LM does)
    for p, m, v in [(4, 16, 1), (8, 64, 1), (8, 4, 1), (8, 64, 2), (8, 64, 3), (8, 64, 4),
                    (16, 64, 4), (4, 16, 2), (8, 8, 2), (4, 8, 3)]:
        for sched in ("1f1b", "zero-bubble", "gpipe", "interleaved"):
            if (sched == "interleaved") != (v > 1):
                continue
            out.append({"schedule": sched, "pipeline": p, "micro_batches": m,
                        "virtual_stages": v, "held": simulate(sched, p, m, v)})
    return out


def main():
    if any(os.environ.get(k) != v for k, v in MALLOC_ENV.items()):
        os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **MALLOC_ENV})
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "measured",
                                                  "mechanisms-cpu.json"))
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    peak = peak_section()   # first, while the heap is small
    doc = {
        "format": "rigplan-measured-mechanisms", "version": 1, "tool": TOOL,
        "date": datetime.date.today().isoformat(),
        "torch": torch.__version__, "python": platform.python_version(), "device": "cpu",
        "loss": [loss_case(512, 256, 8192, 8), loss_case(1024, 512, 32000, 8)],
        "op_sac": [op_sac_case({"batch": 2, "seq": 256, "hidden": 512, "heads": 8,
                                "kv_heads": 2, "ffn": 1408}),
                   op_sac_case({"batch": 1, "seq": 512, "hidden": 256, "heads": 4,
                                "kv_heads": 4, "ffn": 704})],
        "schedules": schedules_section(),
        "peak": peak,
    }
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(json.dumps({k: v for k, v in doc.items() if k in ("loss", "op_sac", "peak")},
                     indent=1)[:4000])


if __name__ == "__main__":
    main()
