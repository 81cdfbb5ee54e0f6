#!/bin/sh
exec torchrun --nnodes=2:4 --nproc_per_node 8 train.py --deepspeed ds.json
